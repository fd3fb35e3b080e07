import { Controller, Get } from '@nestjs/common';
import type { HealthResponse } from '@fed/contracts';

@Controller('api/health')
export class HealthController {
  @Get()
  health(): HealthResponse {
    return {
      status: 'ok',
      uptimeSeconds: Math.round(process.uptime() * 10) / 10,
      version: process.env['APP_VERSION'] ?? 'development',
    };
  }
}

import { All, Body, Controller, HttpCode, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SmsGatewayDownError } from './sms-outbox.service';
import { SmsRuTwinService, type SmsRuParams } from './sms-ru-twin.service';

/**
 * SMS.ru's `sms/send` (GET or POST, parameters in the query string or a form body) under
 * `/sandbox/sms/smsru`, so that the api's SMS.ru adapter can run against the sandbox:
 * `SMS_RU_URL=http://127.0.0.1:3000/sandbox/sms/smsru`. SMS.ru answers HTTP 200 also for errors.
 */
@Controller('sandbox/sms/smsru')
export class SmsRuTwinController {
  constructor(private readonly twin: SmsRuTwinService) {}

  @All('sms/send')
  @HttpCode(200)
  send(@Query() query: SmsRuParams, @Body() body: unknown, @Res() response: Response): void {
    const params: SmsRuParams = { ...query, ...(typeof body === 'object' && body !== null ? body : {}) };
    let answer;
    try {
      answer = this.twin.send(params);
    } catch (error) {
      if (!(error instanceof SmsGatewayDownError)) throw error;
      // The fault switch: a gateway that is down answers no protocol at all.
      response.status(503).type('text/plain').send('Service Unavailable\n');
      return;
    }
    if (String(params['json']) === '1') {
      response.status(200).json(answer);
    } else {
      response.status(200).type('text/plain').send(this.twin.plain(answer));
    }
  }
}

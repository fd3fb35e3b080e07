import { Body, Controller, Get, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import {
  addAccountRequestSchema,
  addUserRoleRequestSchema,
  authPaths,
  changePhoneConfirmRequestSchema,
  changePhoneRequestSchema,
  loginUserConfirmRequestSchema,
  loginUserRequestSchema,
  logoutRequestSchema,
  phoneStatusRequestSchema,
  refreshRequestSchema,
  registerOrganizationRequestSchema,
  registerUserConfirmRequestSchema,
  registerUserRequestSchema,
  switchAccountRequestSchema,
  type AddAccountResponse,
  type AddUserRoleResponse,
  type CodeSentResponse,
  type LinkedAccountsResponse,
  type LogoutResponse,
  type PhoneStatusResponse,
  type RefreshResponse,
  type SwitchAccountResponse,
  type TokenResponse,
} from '@fed/contracts';
import type { Request } from 'express';
import type { z } from 'zod';
import { Authenticate, Caller } from '../common/caller';
import { clientKeyOf } from '../common/rate-limits';
import { ZodBodyPipe } from '../common/zod-body.pipe';
import { AccountsService } from './accounts.service';
import { AuthStoreFailureFilter } from './auth-store-failures.filter';
import { CodesService } from './codes.service';
import { SessionsService } from './sessions.service';
import { SignInService } from './sign-in.service';

/**
 * `/api/auth/*` (`authPaths`): bodies are the contracts' schemas; the services hold the logic. A store that
 * cannot be used answers 503 (`AuthStoreFailureFilter`).
 */
@Controller()
@UseFilters(AuthStoreFailureFilter)
export class AuthController {
  constructor(
    private readonly signIn: SignInService,
    private readonly codes: CodesService,
    private readonly sessions: SessionsService,
    private readonly accounts: AccountsService,
  ) {}

  @Post(authPaths.loginUser)
  @HttpCode(200)
  async loginUser(
    @Body(new ZodBodyPipe(loginUserRequestSchema)) body: z.output<typeof loginUserRequestSchema>,
    @Req() request: Request,
  ): Promise<CodeSentResponse> {
    await this.signIn.loginUser(body.phone, clientKeyOf(request));
    return this.codes.sentAnswer();
  }

  @Post(authPaths.phoneStatus)
  @HttpCode(200)
  async phoneStatus(
    @Body(new ZodBodyPipe(phoneStatusRequestSchema)) body: z.output<typeof phoneStatusRequestSchema>,
    @Req() request: Request,
  ): Promise<PhoneStatusResponse> {
    return { data: { registered: await this.signIn.phoneStatus(body.phone, clientKeyOf(request)) } };
  }

  @Post(authPaths.loginUserConfirm)
  @HttpCode(200)
  async loginUserConfirm(
    @Body(new ZodBodyPipe(loginUserConfirmRequestSchema))
    body: z.output<typeof loginUserConfirmRequestSchema>,
    @Req() request: Request,
  ): Promise<TokenResponse> {
    return {
      data: await this.signIn.loginUserConfirm(
        body.phone,
        body.code,
        body.contractorType,
        clientKeyOf(request),
      ),
    };
  }

  @Post(authPaths.registerUser)
  @HttpCode(200)
  async registerUser(
    @Body(new ZodBodyPipe(registerUserRequestSchema)) body: z.output<typeof registerUserRequestSchema>,
    @Req() request: Request,
  ): Promise<CodeSentResponse> {
    await this.signIn.registerUser(body.phone, body.person, clientKeyOf(request));
    return this.codes.sentAnswer();
  }

  @Post(authPaths.registerOrganization)
  @HttpCode(200)
  async registerOrganization(
    @Body(new ZodBodyPipe(registerOrganizationRequestSchema))
    body: z.output<typeof registerOrganizationRequestSchema>,
    @Req() request: Request,
  ): Promise<CodeSentResponse> {
    await this.signIn.registerOrganization(body.phone, body.organization, clientKeyOf(request));
    return this.codes.sentAnswer();
  }

  @Post(authPaths.registerUserConfirm)
  @HttpCode(200)
  async registerUserConfirm(
    @Body(new ZodBodyPipe(registerUserConfirmRequestSchema))
    body: z.output<typeof registerUserConfirmRequestSchema>,
    @Req() request: Request,
  ): Promise<TokenResponse> {
    return { data: await this.signIn.registerConfirm(body.phone, body.code, clientKeyOf(request)) };
  }

  @Post(authPaths.refresh)
  @HttpCode(200)
  refresh(
    @Body(new ZodBodyPipe(refreshRequestSchema)) body: z.output<typeof refreshRequestSchema>,
    @Req() request: Request,
  ): Promise<RefreshResponse> {
    return this.sessions.refresh(body.RefreshToken, clientKeyOf(request));
  }

  @Post(authPaths.logout)
  @HttpCode(200)
  async logout(
    @Body(new ZodBodyPipe(logoutRequestSchema)) body: z.output<typeof logoutRequestSchema>,
    @Req() request: Request,
  ): Promise<LogoutResponse> {
    await this.sessions.logout(body.RefreshToken, clientKeyOf(request));
    return { data: { loggedOut: true } };
  }

  @Post(authPaths.changePhone)
  @HttpCode(200)
  async changePhone(
    @Body(new ZodBodyPipe(changePhoneRequestSchema)) body: z.output<typeof changePhoneRequestSchema>,
    @Req() request: Request,
  ): Promise<CodeSentResponse> {
    await this.signIn.changePhone(body.oldPhone, body.newPhone, clientKeyOf(request));
    return this.codes.sentAnswer();
  }

  @Post(authPaths.changePhoneConfirm)
  @HttpCode(200)
  async changePhoneConfirm(
    @Body(new ZodBodyPipe(changePhoneConfirmRequestSchema))
    body: z.output<typeof changePhoneConfirmRequestSchema>,
    @Req() request: Request,
  ): Promise<TokenResponse> {
    return {
      data: await this.signIn.changePhoneConfirm(
        body.oldPhone,
        body.newPhone,
        body.oldCode,
        body.newCode,
        clientKeyOf(request),
      ),
    };
  }

  @Post(authPaths.addUserRole)
  @HttpCode(200)
  @Authenticate('required')
  addUserRole(
    @Caller() caller: Caller,
    @Body(new ZodBodyPipe(addUserRoleRequestSchema)) body: z.output<typeof addUserRoleRequestSchema>,
    @Req() request: Request,
  ): Promise<AddUserRoleResponse> {
    return this.accounts.addUserRole(caller, body, clientKeyOf(request));
  }

  @Post(authPaths.addAccount)
  @HttpCode(200)
  @Authenticate('required')
  addAccount(
    @Caller() caller: Caller,
    @Body(new ZodBodyPipe(addAccountRequestSchema)) body: z.output<typeof addAccountRequestSchema>,
    @Req() request: Request,
  ): Promise<AddAccountResponse> {
    return this.accounts.addAccount(caller, body, clientKeyOf(request));
  }

  @Post(authPaths.switchAccount)
  @HttpCode(200)
  @Authenticate('required')
  switchAccount(
    @Caller() caller: Caller,
    @Body(new ZodBodyPipe(switchAccountRequestSchema)) body: z.output<typeof switchAccountRequestSchema>,
    @Req() request: Request,
  ): Promise<SwitchAccountResponse> {
    return this.accounts.switchAccount(caller, body.id, clientKeyOf(request));
  }

  @Get(authPaths.linkedAccounts)
  @Authenticate('required')
  async linkedAccounts(@Caller() caller: Caller): Promise<LinkedAccountsResponse> {
    return { data: await this.accounts.linkedAccounts(caller) };
  }
}

import type { User } from '@steel/contract/user';
import type { SessionStore } from '../session/session-store';
import { sessionDeviceId } from '../session/session-refresh';
import type { ContentClient } from './content-types';
import { ApiError } from '@steel/shared/remote-core';

/** What Strapi's users-permissions plugin answers to login/register/reset/social callback. */
export interface AuthResponse {
  jwt?: string;
  user?: User;
}

export interface LoginBody {
  identifier: string;
  password: string;
}

export interface RegisterBody {
  username: string;
  email: string;
  password: string;
  mobile?: string;
  /** Any other field the CMS allows at registration (`register.allowedFields`). */
  [field: string]: unknown;
}

export interface ResetPasswordBody {
  code: string;
  password: string;
  passwordConfirmation: string;
}

export interface ChangePasswordBody {
  currentPassword: string;
  password: string;
  passwordConfirmation: string;
}

/** What the CMS answers when it has sent a sign-in code by SMS (`POST /auth/otp/request`). */
export interface SignInCodeSent {
  /** The number as the CMS stored it, 09xxxxxxxxx. */
  mobile: string;
  /** How long the code works. */
  expiresInSeconds: number;
}

/** What a customer may change of their own account (`PUT /users/me`, a CMS addition). */
export interface ProfileBody {
  username?: string;
  email?: string;
  mobile?: string | null;
}

export interface Auth {
  /** GET /users/me (+ populate). Stores the user; on failure clears the session and resolves null. */
  fetchUser(): Promise<User | null>;
  /**
   * The once-per-page-load check of the shown user (`user_data` is only a display cache): the
   * CMS's answer replaces it; a refused session (401 after a failed refresh) clears it; the CMS
   * being unreachable keeps it (the next request will tell). Resolves the user now stored.
   */
  confirmUser(): Promise<User | null>;
  login(body: LoginBody): Promise<User>;
  /** `POST /auth/otp/request`: a one-time code goes to the mobile number by SMS. */
  requestSignInCode(mobile: string): Promise<SignInCodeSent>;
  /**
   * `POST /auth/otp/verify`: signs in with the code (a new number gets a new account). The CMS answers
   * as to the password sign-in, so the session is stored the same way.
   */
  signInWithCode(body: { mobile: string; code: string }): Promise<User>;
  /**
   * When the CMS requires e-mail confirmation it answers without a `jwt`: nothing is stored and the
   * (unconfirmed) user from the answer is returned, so the page can say «check your e-mail».
   */
  register(body: RegisterBody): Promise<User>;
  /** Answered `{ ok: true }` whether or not the e-mail exists. */
  forgotPassword(body: { email: string }): Promise<{ ok: true }>;
  resetPassword(body: ResetPasswordBody): Promise<User>;
  /** The CMS ends every session of the account and answers a new one: its access token is stored. */
  changePassword(body: ChangePasswordBody): Promise<void>;
  /** `PUT /users/me`: the CMS answers the updated user, which replaces the stored one. */
  updateProfile(body: ProfileBody): Promise<User>;
  sendEmailConfirmation(body: { email: string }): Promise<{ email: string; sent: boolean }>;
  /** `search` is the callback page's query string, e.g. `?access_token=…` (with or without `?`). */
  socialCallback(provider: string, search: string): Promise<User>;
  /** Social login starts with a full navigation here: `${baseUrl}/connect/${provider}`. */
  connectUrl(provider: string): string;
  /**
   * `POST /auth/logout`: the CMS deletes this device's session (the refresh cookie and every
   * access token of it stop working), then this page's session is emptied — which every other tab
   * follows. When the CMS cannot be told, the session is emptied here all the same.
   * `beforeClear` runs in the same tick just before (a sign-out page leaves the panel there, so
   * the emptied session is judged on the page it went to, not on the guarded one).
   */
  logout(beforeClear?: () => void): Promise<void>;
}

export interface AuthOptions {
  client: ContentClient;
  session: SessionStore;
  /** `populate` for /users/me; default `['role']`. */
  populate?: Record<string, unknown> | string[];
  /** This browser's session device id (sign-in and sign-out send it); default from localStorage. */
  deviceId?: () => string | undefined;
}

/**
 * The users-permissions calls (docs/behaviour.md, "Auth calls"). Calls that prove an identity themselves (login,
 * register, reset, social callback, forgot password, e-mail confirmation) are sent without the
 * stored JWT, because Strapi rejects any request bearing an expired one with 401.
 */
export function createAuth(options: AuthOptions): Auth {
  const { client, session } = options;
  const populate = options.populate ?? ['role'];
  const deviceId = options.deviceId ?? (() => sessionDeviceId());

  /** /users/me that throws; the public fetchUser swallows. */
  async function loadUser(): Promise<User> {
    const user = await client.request<User>('/users/me', { query: { populate } });
    session.setUser(user);
    return user;
  }

  function dropSession(): void {
    session.setToken(null);
    if (session.getUser() !== null) session.setUser(null);
  }

  /** jwt stored, then /users/me (docs/behaviour.md, "Auth calls"). */
  async function signIn(response: AuthResponse): Promise<User> {
    if (!response?.jwt) {
      throw new ApiError({
        data: null,
        error: {
          status: 500,
          name: 'UnknownError',
          message: 'The authentication answer has no jwt',
          details: response,
        },
      });
    }
    session.setToken(response.jwt);
    try {
      return await loadUser();
    } catch (error) {
      dropSession();
      throw error;
    }
  }

  // `credentials: 'include'`: the CMS answers a sign-in with its httpOnly refresh cookie, which a
  // cross-origin answer may only set on a request sent with credentials.
  const post = <T>(path: string, body: unknown) =>
    client.request<T>(path, { method: 'POST', body, auth: false, credentials: 'include' });

  return {
    async fetchUser() {
      if (!session.getToken()) {
        if (session.getUser() !== null) session.setUser(null);
        return null;
      }
      try {
        return await loadUser();
      } catch {
        // Expired/invalid token or CMS unreachable: the stored token is not usable (docs/behaviour.md, "Auth calls").
        dropSession();
        return null;
      }
    },

    async confirmUser() {
      if (!session.getToken()) return session.getUser();
      try {
        return await loadUser();
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) dropSession();
        return session.getUser();
      }
    },

    async login(body) {
      const device = deviceId();
      return signIn(await post<AuthResponse>('/auth/local', device ? { ...body, deviceId: device } : body));
    },

    async requestSignInCode(mobile) {
      return post<SignInCodeSent>('/auth/otp/request', { mobile });
    },

    async signInWithCode(body) {
      const device = deviceId();
      return signIn(await post<AuthResponse>('/auth/otp/verify', device ? { ...body, deviceId: device } : body));
    },

    async register(body) {
      const response = await post<AuthResponse>('/auth/local/register', body);
      if (!response.jwt && response.user) return response.user;
      return signIn(response);
    },

    async forgotPassword(body) {
      await post<unknown>('/auth/forgot-password', body);
      return { ok: true };
    },

    async resetPassword(body) {
      return signIn(await post<AuthResponse>('/auth/reset-password', body));
    },

    async changePassword(body) {
      const response = await client.request<AuthResponse>('/auth/change-password', {
        method: 'POST',
        body,
        credentials: 'include',
      });
      if (response?.jwt) session.setToken(response.jwt);
    },

    async updateProfile(body) {
      const user = await client.request<User>('/users/me', { method: 'PUT', body, query: { populate } });
      session.setUser(user);
      return user;
    },

    async sendEmailConfirmation(body) {
      const response = await post<{ email?: string; sent?: boolean }>('/auth/send-email-confirmation', body);
      return { email: response?.email ?? body.email, sent: response?.sent ?? true };
    },

    async socialCallback(provider, search) {
      const query = search === '' || search.startsWith('?') ? search : `?${search}`;
      const response = await client.request<AuthResponse>(`/auth/${encodeURIComponent(provider)}/callback${query}`, {
        credentials: 'include',
        auth: false,
      });
      return signIn(response);
    },

    connectUrl(provider) {
      return `${client.baseUrl}/connect/${encodeURIComponent(provider)}`;
    },

    async logout(beforeClear) {
      try {
        const device = deviceId();
        if (session.getToken())
          await client.request<unknown>('/auth/logout', {
            method: 'POST',
            body: device ? { deviceId: device } : {},
            credentials: 'include',
          });
      } catch {
        // The CMS could not be told (down) or the session had already ended: nothing to keep here.
      } finally {
        beforeClear?.();
        session.clear();
      }
    },
  };
}

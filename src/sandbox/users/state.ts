/** A marketplace user of the sandbox (seller, buyer, or the second user to blacklist). */
export interface SandboxUser {
  id: number;
  nickname: string;
  first_name: string;
  last_name: string;
  email: string;
  site_id: string;
  country_id: string;
  user_type: 'normal' | 'car_dealer';
  role: 'seller' | 'buyer' | 'other';
  registration_date: string;
  phone: { area_code: string; number: string; extension: string };
  billing_info: { doc_type: string; doc_number: string };
  /** Flagged for immediate payment (orders enter the mandatory integrated payment flow). */
  immediate_payment: boolean;
  /** Seller flagged as auto (orders enter the mandatory integrated payment flow). */
  auto: boolean;
  status: { site_status: 'active' | 'deactive' };
  seller_reputation: { level_id: string | null; power_seller_status: string | null };
}

export interface AccessTokenRecord {
  user_id: number;
  /** Sandbox-time ms; null for the tokens the sandbox prints at start (they never expire). */
  expires_at: number | null;
  scope: string;
}

export interface RefreshTokenRecord {
  user_id: number;
  expires_at: number;
  /** Single use: set when spent; a spent token answers invalid_grant. */
  used: boolean;
}

export interface AuthorizationCodeRecord {
  user_id: number;
  redirect_uri: string;
  code_challenge: string | null;
  expires_at: number;
  used: boolean;
}

export interface UsersSlice {
  users: SandboxUser[];
  /** The OAuth application the sandbox knows (client id and secret are printed in the README). */
  app: { application_id: number; client_id: string; client_secret: string };
  accessTokens: Record<string, AccessTokenRecord>;
  refreshTokens: Record<string, RefreshTokenRecord>;
  codes: Record<string, AuthorizationCodeRecord>;
}

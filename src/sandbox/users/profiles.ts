import type { SandboxUser } from './state';

/** The private profile `/users/me` returns. */
export function privateProfile(account: SandboxUser) {
  const { role: _role, immediate_payment, auto, ...rest } = account;
  return {
    ...rest,
    permalink: `https://perfil.marketplace.example/${account.nickname}`,
    tags: [
      account.role === 'seller' ? 'normal' : 'test_user',
      ...(immediate_payment ? ['immediate_payment'] : []),
      ...(auto ? ['auto'] : []),
    ],
    points: 100,
    immediate_payment,
  };
}

/** The public profile `/users/:user_id` returns to anyone but the user. */
export function publicProfile(account: SandboxUser) {
  return {
    id: account.id,
    nickname: account.nickname,
    registration_date: account.registration_date,
    country_id: account.country_id,
    site_id: account.site_id,
    user_type: account.user_type,
    permalink: `https://perfil.marketplace.example/${account.nickname}`,
    seller_reputation: account.seller_reputation,
    status: account.status,
  };
}

import type { SeedContext } from '../family';
import { apiTimestamp } from '../sandbox';
import {
  APP_ID,
  BUYER_BASE_ID,
  BUYER_COUNT,
  CLIENT_ID,
  CLIENT_SECRET,
  MCO_SELLER_ID,
  MLB_SELLER_ID,
  MLC_SELLER_ID,
  MLM_SELLER_ID,
  MLU_SELLER_ID,
  MPE_SELLER_ID,
  SECOND_USER_ID,
  SELLER_ID,
} from './ids';
import type { SandboxUser, UsersSlice } from './state';

const FIRST_NAMES = [
  'Lucía',
  'Mateo',
  'Valentina',
  'Santiago',
  'Camila',
  'Benjamín',
  'Martina',
  'Joaquín',
  'Sofía',
  'Tomás',
  'Emma',
  'Lautaro',
];
const LAST_NAMES = [
  'González',
  'Rodríguez',
  'Fernández',
  'López',
  'Martínez',
  'Pérez',
  'Gómez',
  'Díaz',
  'Sánchez',
  'Romero',
];

function user(
  context: SeedContext,
  id: number,
  nickname: string,
  site_id: string,
  role: SandboxUser['role'],
  extra: Partial<SandboxUser> = {},
): SandboxUser {
  const { rng } = context;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  const country = { MLA: 'AR', MLB: 'BR', MLM: 'MX', MCO: 'CO', MLU: 'UY', MLC: 'CL', MPE: 'PE' }[site_id] ?? 'AR';
  return {
    id,
    nickname,
    first_name: first,
    last_name: last,
    email: `${nickname.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@testuser.example`,
    site_id,
    country_id: country,
    user_type: role === 'seller' ? 'car_dealer' : 'normal',
    role,
    registration_date: apiTimestamp(new Date(context.now.getTime() - rng.int(400, 3000) * 86_400_000)),
    phone: { area_code: '11', number: `4${rng.int(1000000, 9999999)}`, extension: '' },
    billing_info: { doc_type: 'DNI', doc_number: String(rng.int(20_000_000, 45_000_000)) },
    immediate_payment: false,
    auto: false,
    status: { site_status: 'active' },
    seller_reputation:
      role === 'seller'
        ? { level_id: '5_green', power_seller_status: 'gold' }
        : { level_id: null, power_seller_status: null },
    ...extra,
  };
}

/** The seeded users (the sellers of each site, the user to blacklist, the buyers) and the OAuth application. */
export function seedUsers(context: SeedContext): UsersSlice {
  const seed = context.rng.fork('tokens');
  void seed;
  const users: SandboxUser[] = [
    user(context, SELLER_ID, 'TEST_SELLER_AUTOS', 'MLA', 'seller'),
    user(context, SECOND_USER_ID, 'TEST_USER_BLOCKME', 'MLA', 'other'),
    user(context, MLU_SELLER_ID, 'TEST_SELLER_MLU', 'MLU', 'seller'),
    user(context, MLB_SELLER_ID, 'TEST_SELLER_MLB', 'MLB', 'seller'),
    user(context, MCO_SELLER_ID, 'TEST_SELLER_MCO', 'MCO', 'seller'),
  ];
  // Sellers added later draw from their own generator, so every user above and every buyer below keeps its data.
  const later: SeedContext = { ...context, rng: context.rng.fork('site-sellers') };
  users.push(
    user(later, MLM_SELLER_ID, 'TEST_SELLER_MLM', 'MLM', 'seller'),
    user(later, MLC_SELLER_ID, 'TEST_SELLER_MLC', 'MLC', 'seller'),
    user(later, MPE_SELLER_ID, 'TEST_SELLER_MPE', 'MPE', 'seller'),
  );
  for (let index = 1; index <= BUYER_COUNT; index++) {
    // Every fourth buyer is flagged for immediate payment, so their reservations enter the mandatory flow.
    users.push(
      user(context, BUYER_BASE_ID + index, `TEST_BUYER_${String(index).padStart(2, '0')}`, 'MLA', 'buyer', {
        immediate_payment: index % 4 === 0,
      }),
    );
  }
  return {
    users,
    app: { application_id: APP_ID, client_id: CLIENT_ID, client_secret: CLIENT_SECRET },
    accessTokens: {},
    refreshTokens: {},
    codes: {},
  };
}

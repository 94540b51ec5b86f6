import { currencyDecimals } from '../../rules/deliveryPromise';
import { isPostalCodeOf, SHIPPING_SITES } from '../../rules/shippingInputs';
import { ownRecord } from '../records';

/** A city the sandbox can deliver to, with the postal code that stands for it. */
export interface SandboxCity {
  id: string;
  name: string;
  state: { id: string; name: string };
  zip_code: string;
  neighborhood: string;
}

/** What the shipping engine knows of a site: currency, postal code length, regions and cities. */
export interface SiteGeo {
  site_id: string;
  country: { id: string; name: string };
  currency_id: string;
  /** Decimals of the currency's amounts (COP and CLP have none). */
  decimals: number;
  /** Digits of a postal code on the site (from `SHIPPING_SITES` of the input rules). */
  zip_length: number;
  /** Whether the site quotes by postal code; MCO quotes by city only (from `SHIPPING_SITES`). */
  zip_based: boolean;
  language: 'es' | 'pt';
  /** State (region) by the first digit of the postal code, for postal codes outside the listed cities. */
  regions: Record<string, { id: string; name: string }>;
  cities: SandboxCity[];
}

/** City ids look like the API's opaque ones: base64 of the site, C and a short city code. */
const cityId = (site: string, code: string): string =>
  Buffer.from(`${site}C${code}`).toString('base64').replace(/=+$/, '');

const state = (site: string, code: string, name: string) => ({ id: `${site.slice(0, 2)}-${code}`, name });

function city(site: string, code: string, name: string, st: { id: string; name: string }, zip: string, hood: string) {
  return { id: cityId(site, code), name, state: st, zip_code: zip, neighborhood: hood };
}

const MLA_CABA = state('AR', 'C', 'Capital Federal');
const MLA_BA = state('AR', 'B', 'Buenos Aires');
const MLA_CBA = state('AR', 'X', 'Córdoba');
const MLA_SF = state('AR', 'S', 'Santa Fe');
const MLA_MZA = state('AR', 'M', 'Mendoza');
const MLA_NQN = state('AR', 'Q', 'Neuquén');

const MLB_SP = state('BR', 'SP', 'São Paulo');
const MLB_RJ = state('BR', 'RJ', 'Rio de Janeiro');
const MLB_MG = state('BR', 'MG', 'Minas Gerais');
const MLB_BA = state('BR', 'BA', 'Bahia');
const MLB_PE = state('BR', 'PE', 'Pernambuco');
const MLB_PR = state('BR', 'PR', 'Paraná');
const MLB_RS = state('BR', 'RS', 'Rio Grande do Sul');
const MLB_DF = state('BR', 'DF', 'Distrito Federal');
const MLB_CE = state('BR', 'CE', 'Ceará');

const MCO_DC = state('CO', 'DC', 'Bogotá D.C.');
const MCO_ANT = state('CO', 'ANT', 'Antioquia');
const MCO_VAC = state('CO', 'VAC', 'Valle del Cauca');
const MCO_ATL = state('CO', 'ATL', 'Atlántico');
const MCO_BOL = state('CO', 'BOL', 'Bolívar');
const MCO_SAN = state('CO', 'SAN', 'Santander');

const MLM_CDMX = state('MX', 'CMX', 'Ciudad de México');
const MLM_JAL = state('MX', 'JAL', 'Jalisco');
const MLM_NL = state('MX', 'NLE', 'Nuevo León');
const MLM_PUE = state('MX', 'PUE', 'Puebla');
const MLM_YUC = state('MX', 'YUC', 'Yucatán');

const MLC_RM = state('CL', 'RM', 'Región Metropolitana');
const MLC_VS = state('CL', 'VS', 'Valparaíso');
const MLC_BI = state('CL', 'BI', 'Biobío');
const MLC_AN = state('CL', 'AN', 'Antofagasta');

const MPE_LIM = state('PE', 'LIM', 'Lima');
const MPE_ARE = state('PE', 'ARE', 'Arequipa');
const MPE_LAL = state('PE', 'LAL', 'La Libertad');
const MPE_CUS = state('PE', 'CUS', 'Cusco');

const MLU_MO = state('UY', 'MO', 'Montevideo');
const MLU_CA = state('UY', 'CA', 'Canelones');
const MLU_MA = state('UY', 'MA', 'Maldonado');
const MLU_SA = state('UY', 'SA', 'Salto');

/** A site's postal code facts, as the shared input rules state them (`src/rules/shippingInputs.ts`). */
function postalCodes(siteId: string): Pick<SiteGeo, 'zip_length' | 'zip_based'> {
  const facts = SHIPPING_SITES[siteId]!;
  return { zip_length: facts.postalCodeLength, zip_based: facts.quotesBy === 'postal_code' };
}

/** The sites the shipping engine quotes, with a few real-looking cities each. */
export const SITES: Record<string, SiteGeo> = {
  MLA: {
    site_id: 'MLA',
    country: { id: 'AR', name: 'Argentina' },
    currency_id: 'ARS',
    decimals: currencyDecimals('ARS'),
    ...postalCodes('MLA'),
    language: 'es',
    regions: {
      '1': MLA_CABA,
      '2': MLA_SF,
      '3': MLA_SF,
      '4': state('AR', 'T', 'Tucumán'),
      '5': MLA_CBA,
      '6': MLA_BA,
      '7': MLA_BA,
      '8': MLA_NQN,
      '9': state('AR', 'U', 'Chubut'),
    },
    cities: [
      city('MLA', 'CABA', 'Palermo', MLA_CABA, '1414', 'Palermo'),
      city('MLA', 'LPLT', 'La Plata', MLA_BA, '1900', 'Centro'),
      city('MLA', 'CORD', 'Córdoba', MLA_CBA, '5000', 'Nueva Córdoba'),
      city('MLA', 'ROSA', 'Rosario', MLA_SF, '2000', 'Centro'),
      city('MLA', 'MEND', 'Mendoza', MLA_MZA, '5500', 'Ciudad'),
      city('MLA', 'NEUQ', 'Neuquén', MLA_NQN, '8300', 'Centro'),
    ],
  },
  MLB: {
    site_id: 'MLB',
    country: { id: 'BR', name: 'Brasil' },
    currency_id: 'BRL',
    decimals: currencyDecimals('BRL'),
    ...postalCodes('MLB'),
    language: 'pt',
    regions: {
      '0': MLB_SP,
      '1': MLB_SP,
      '2': MLB_RJ,
      '3': MLB_MG,
      '4': MLB_BA,
      '5': MLB_PE,
      '6': MLB_CE,
      '7': MLB_DF,
      '8': MLB_PR,
      '9': MLB_RS,
    },
    cities: [
      city('MLB', 'SAOP', 'São Paulo', MLB_SP, '01310100', 'Bela Vista'),
      city('MLB', 'CAMP', 'Campinas', MLB_SP, '13010001', 'Centro'),
      city('MLB', 'RIOJ', 'Rio de Janeiro', MLB_RJ, '20040002', 'Centro'),
      city('MLB', 'BELO', 'Belo Horizonte', MLB_MG, '30130010', 'Centro'),
      city('MLB', 'SALV', 'Salvador', MLB_BA, '40020000', 'Comércio'),
      city('MLB', 'RECI', 'Recife', MLB_PE, '50010000', 'Santo Antônio'),
      city('MLB', 'CURI', 'Curitiba', MLB_PR, '80010000', 'Centro'),
      city('MLB', 'POAL', 'Porto Alegre', MLB_RS, '90010000', 'Centro Histórico'),
    ],
  },
  MLM: {
    site_id: 'MLM',
    country: { id: 'MX', name: 'Mexico' },
    currency_id: 'MXN',
    decimals: currencyDecimals('MXN'),
    ...postalCodes('MLM'),
    language: 'es',
    regions: {
      '0': MLM_CDMX,
      '1': MLM_CDMX,
      '2': state('MX', 'AGU', 'Aguascalientes'),
      '3': state('MX', 'GUA', 'Guanajuato'),
      '4': MLM_JAL,
      '5': state('MX', 'MEX', 'Estado de México'),
      '6': MLM_NL,
      '7': MLM_PUE,
      '8': state('MX', 'SIN', 'Sinaloa'),
      '9': MLM_YUC,
    },
    cities: [
      city('MLM', 'CDMX', 'Cuauhtémoc', MLM_CDMX, '06500', 'Juárez'),
      city('MLM', 'GUAD', 'Guadalajara', MLM_JAL, '44100', 'Centro'),
      city('MLM', 'MONT', 'Monterrey', MLM_NL, '64000', 'Centro'),
      city('MLM', 'PUEB', 'Puebla', MLM_PUE, '72000', 'Centro'),
      city('MLM', 'MERI', 'Mérida', MLM_YUC, '97000', 'Centro'),
    ],
  },
  MCO: {
    site_id: 'MCO',
    country: { id: 'CO', name: 'Colombia' },
    currency_id: 'COP',
    decimals: currencyDecimals('COP'),
    ...postalCodes('MCO'),
    language: 'es',
    regions: { '0': MCO_ANT, '1': MCO_DC, '6': MCO_SAN, '7': MCO_VAC, '8': MCO_ATL },
    cities: [
      city('MCO', 'BOGO', 'Bogotá', MCO_DC, '110111', 'Chapinero'),
      city('MCO', 'SOAC', 'Soacha', MCO_DC, '112051', 'Centro'),
      city('MCO', 'MEDE', 'Medellín', MCO_ANT, '050001', 'El Poblado'),
      city('MCO', 'CALI', 'Cali', MCO_VAC, '760001', 'Granada'),
      city('MCO', 'BARR', 'Barranquilla', MCO_ATL, '080001', 'El Prado'),
      city('MCO', 'CART', 'Cartagena', MCO_BOL, '130001', 'Bocagrande'),
      city('MCO', 'BUCA', 'Bucaramanga', MCO_SAN, '680001', 'Cabecera'),
    ],
  },
  MLC: {
    site_id: 'MLC',
    country: { id: 'CL', name: 'Chile' },
    currency_id: 'CLP',
    decimals: currencyDecimals('CLP'),
    ...postalCodes('MLC'),
    language: 'es',
    regions: { '1': MLC_AN, '2': MLC_VS, '4': MLC_BI, '7': MLC_RM, '8': MLC_RM },
    cities: [
      city('MLC', 'SANT', 'Santiago', MLC_RM, '8320000', 'Santiago Centro'),
      city('MLC', 'PROV', 'Providencia', MLC_RM, '7500000', 'Providencia'),
      city('MLC', 'VALP', 'Valparaíso', MLC_VS, '2340000', 'Cerro Alegre'),
      city('MLC', 'CONC', 'Concepción', MLC_BI, '4030000', 'Centro'),
      city('MLC', 'ANTO', 'Antofagasta', MLC_AN, '1240000', 'Centro'),
    ],
  },
  MPE: {
    site_id: 'MPE',
    country: { id: 'PE', name: 'Perú' },
    currency_id: 'PEN',
    decimals: currencyDecimals('PEN'),
    ...postalCodes('MPE'),
    language: 'es',
    regions: { '0': MPE_ARE, '1': MPE_LIM, '2': MPE_LAL, '4': MPE_ARE, '8': MPE_CUS },
    cities: [
      city('MPE', 'MIRA', 'Miraflores', MPE_LIM, '15074', 'Miraflores'),
      city('MPE', 'AREQ', 'Arequipa', MPE_ARE, '04001', 'Cercado'),
      city('MPE', 'TRUJ', 'Trujillo', MPE_LAL, '13001', 'Centro'),
      city('MPE', 'CUSC', 'Cusco', MPE_CUS, '08002', 'San Blas'),
    ],
  },
  MLU: {
    site_id: 'MLU',
    country: { id: 'UY', name: 'Uruguay' },
    currency_id: 'UYU',
    decimals: currencyDecimals('UYU'),
    ...postalCodes('MLU'),
    language: 'es',
    regions: { '1': MLU_MO, '9': MLU_CA, '2': MLU_MA, '5': MLU_SA },
    cities: [
      city('MLU', 'MONT', 'Montevideo', MLU_MO, '11000', 'Ciudad Vieja'),
      city('MLU', 'POCI', 'Pocitos', MLU_MO, '11300', 'Pocitos'),
      city('MLU', 'CANE', 'Canelones', MLU_CA, '90000', 'Centro'),
      city('MLU', 'PUNT', 'Punta del Este', MLU_MA, '20100', 'Península'),
      city('MLU', 'SALT', 'Salto', MLU_SA, '50000', 'Centro'),
    ],
  },
};

/** A place a quote starts from or delivers to: a postal code, and the city when the quote is city based. */
export interface Place {
  zip_code: string;
  city: SandboxCity | undefined;
  state: { id: string; name: string } | undefined;
}

/** The site of a site id, or undefined. */
export const siteGeo = (siteId: string): SiteGeo | undefined => ownRecord(SITES, siteId);

/** A city of a site by id. */
export const cityById = (site: SiteGeo, id: string): SandboxCity | undefined => site.cities.find((c) => c.id === id);

/** Whether a postal code has the site's form (digits, the site's length). */
export const isZipOf = (site: SiteGeo, zip: string): boolean => isPostalCodeOf(site.site_id, zip);

/** The place of a postal code: the listed city sharing its first three digits, else only its region. */
export function placeOfZip(site: SiteGeo, zip: string): Place {
  const match = site.cities.find((candidate) => candidate.zip_code.slice(0, 3) === zip.slice(0, 3));
  return { zip_code: zip, city: match, state: match?.state ?? ownRecord(site.regions, zip.charAt(0)) };
}

/** The place of a city. */
export const placeOfCity = (c: SandboxCity): Place => ({ zip_code: c.zip_code, city: c, state: c.state });

/**
 * Distance band between two postal codes: 0 local (same first two digits), 1 regional (same first digit),
 * 2 national. Transit times and costs grow with the band.
 */
export function distanceBand(from: string, to: string): 0 | 1 | 2 {
  if (from.slice(0, 2) === to.slice(0, 2)) return 0;
  if (from.charAt(0) === to.charAt(0)) return 1;
  return 2;
}

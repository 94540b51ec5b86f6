import { MEASUREMENT_IDS, type MeasurementAttribute, type MeasurementId } from '../../model/sizeChart';
import { ownRecord } from '../records';

/** Sites where sellers can create size charts. MLU is left out: its sellers get VALIDATION_SITE. */
export const SIZE_CHART_SITES = ['MLA', 'MLB', 'MLM', 'MCO', 'MLC', 'MPE'] as const;

/** Every site the sandbox knows, with or without size charts. */
export const KNOWN_SITES = [...SIZE_CHART_SITES, 'MLU'] as const;

const SPANISH: Record<MeasurementId, string> = {
  BELT_LENGTH: 'Largo del cinturón',
  CHEST_CIRCUMFERENCE: 'Contorno de pecho',
  FOOTWEAR_LENGTH: 'Largo del pie',
  FOOTWEAR_WIDTH: 'Ancho del pie',
  HEAD_CIRCUMFERENCE: 'Contorno de cabeza',
  HIP_CIRCUMFERENCE: 'Contorno de cadera',
  INSEAM_LENGTH: 'Largo de entrepierna',
  PALM_WIDTH: 'Ancho de la palma',
  SLEEVE_LENGTH: 'Largo de manga',
  TOTAL_LENGTH: 'Largo total',
  WAIST_CIRCUMFERENCE: 'Contorno de cintura',
};

const PORTUGUESE: Record<MeasurementId, string> = {
  BELT_LENGTH: 'Comprimento do cinto',
  CHEST_CIRCUMFERENCE: 'Circunferência do peito',
  FOOTWEAR_LENGTH: 'Comprimento do pé',
  FOOTWEAR_WIDTH: 'Largura do pé',
  HEAD_CIRCUMFERENCE: 'Circunferência da cabeça',
  HIP_CIRCUMFERENCE: 'Circunferência do quadril',
  INSEAM_LENGTH: 'Comprimento do entrepernas',
  PALM_WIDTH: 'Largura da palma',
  SLEEVE_LENGTH: 'Comprimento da manga',
  TOTAL_LENGTH: 'Comprimento total',
  WAIST_CIRCUMFERENCE: 'Circunferência da cintura',
};

/**
 * Which measurements each site offers. MLA, MLB and MLM offer all eleven; MCO and MLC have no gloves or belts
 * charts (no PALM_WIDTH, BELT_LENGTH); MPE also lacks hats (no HEAD_CIRCUMFERENCE). A chart may use only its
 * creator's site measurements: another id answers MEASUREMENT_NOT_FOUND.
 */
const MISSING: Record<string, readonly MeasurementId[]> = {
  MLA: [],
  MLB: [],
  MLM: [],
  MCO: ['PALM_WIDTH', 'BELT_LENGTH'],
  MLC: ['PALM_WIDTH', 'BELT_LENGTH'],
  MPE: ['PALM_WIDTH', 'BELT_LENGTH', 'HEAD_CIRCUMFERENCE'],
};

/** Whether sellers of a site can create size charts. */
export const siteHasSizeCharts = (siteId: string): boolean => (SIZE_CHART_SITES as readonly string[]).includes(siteId);

/** The measurement ids of a site (empty for a site without size charts). */
export function siteMeasurementIds(siteId: string): MeasurementId[] {
  const missing = ownRecord(MISSING, siteId);
  if (!missing) return [];
  return MEASUREMENT_IDS.filter((id) => !missing.includes(id));
}

/** One measurement attribute as the measurements resource and a chart's `columns` show it. */
export function measurementAttribute(siteId: string, id: string): MeasurementAttribute {
  const names = siteId === 'MLB' ? PORTUGUESE : SPANISH;
  return { id, name: ownRecord(names, id) ?? id, type: { id: 'NUMBER_UNIT', default_unit: 'cm' } };
}

/** The measurements resource of a site. */
export function siteMeasurements(siteId: string): MeasurementAttribute[] {
  return siteMeasurementIds(siteId).map((id) => measurementAttribute(siteId, id));
}

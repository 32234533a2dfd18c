/**
 * Turkish landline area codes by province plate number (İstanbul has two: 212 European side,
 * 216 Asian side). A landline number is valid only with one of these (a 0850 or mobile number is
 * not a flat's line).
 */
export const AREA_CODES: Readonly<Record<number, readonly number[]>> = {
  1: [322], 2: [416], 3: [272], 4: [472], 5: [358], 6: [312], 7: [242], 8: [466], 9: [256], 10: [266],
  11: [228], 12: [426], 13: [434], 14: [374], 15: [248], 16: [224], 17: [286], 18: [376], 19: [364], 20: [258],
  21: [412], 22: [284], 23: [424], 24: [446], 25: [442], 26: [222], 27: [342], 28: [454], 29: [456], 30: [438],
  31: [326], 32: [246], 33: [324], 34: [212, 216], 35: [232], 36: [474], 37: [366], 38: [352], 39: [288], 40: [386],
  41: [262], 42: [332], 43: [274], 44: [422], 45: [236], 46: [344], 47: [482], 48: [252], 49: [436], 50: [384],
  51: [388], 52: [452], 53: [464], 54: [264], 55: [362], 56: [484], 57: [368], 58: [346], 59: [282], 60: [356],
  61: [462], 62: [428], 63: [414], 64: [276], 65: [432], 66: [354], 67: [372], 68: [382], 69: [458], 70: [338],
  71: [318], 72: [488], 73: [486], 74: [378], 75: [478], 76: [476], 77: [226], 78: [370], 79: [348], 80: [328],
  81: [380],
};

const provinceByAreaCode: ReadonlyMap<number, number> = new Map(
  Object.entries(AREA_CODES).flatMap(([plate, codes]) => codes.map((code) => [code, Number(plate)] as const)),
);

/** The province (plate number) of an area code, if it is a Turkish geographic one. */
export function provinceOfAreaCode(areaCode: number): number | undefined {
  return provinceByAreaCode.get(areaCode);
}

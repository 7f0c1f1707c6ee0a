// The two tracking libraries ship no types; these cover what the click path uses.
declare module 'geoip-country' {
  const geoip: { lookup(ip: string): { country: string } | null };
  export default geoip;
}
declare module 'ua-parser-js' {
  export class UAParser {
    constructor(ua?: string);
    getResult(): { browser: { name?: string }; os: { name?: string }; device: { type?: string } };
  }
}

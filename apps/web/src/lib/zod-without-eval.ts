import { z } from 'zod';

// The panel's Content-Security-Policy allows no eval: left alone, zod probes for it with `Function('')` (a reported
// violation on every page) to compile faster parsers. docs/decisions/015-outbound-and-headers.md
z.config({ jitless: true });

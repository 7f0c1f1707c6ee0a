import { describe, expect, it } from 'vitest';
import { hiddenDimensionsFor } from '../statistic/statistic.schemas.ts';
import { grantsAnyStaffRole, picksPartnerManager, readsWholeLog, seesStaffColumns } from './capabilities.ts';
import { ROLES, type Role } from './roles.ts';

const holders = (can: (role: Role | null) => boolean) => ROLES.filter((role) => can(role));

describe('named capabilities', () => {
  it('say which roles hold them, and a signed-out caller holds none but picking a manager', () => {
    expect(holders(readsWholeLog)).toEqual(['admin', 'head']);
    expect(holders(grantsAnyStaffRole)).toEqual(['admin', 'head']);
    expect(holders(seesStaffColumns)).toEqual(['admin', 'head', 'manager', 'team_lead']);
    expect(holders(picksPartnerManager)).toEqual(['admin', 'head', 'team_lead', 'affiliate', 'advertiser']);
    expect([readsWholeLog(null), grantsAnyStaffRole(null), seesStaffColumns(null)]).toEqual([false, false, false]);
  });

  it('hide advertisers, products and managers from affiliates, advertisers and managers from advertisers, nothing from staff', () => {
    expect(hiddenDimensionsFor('affiliate')).toEqual(['advertiser', 'product', 'manager']);
    expect(hiddenDimensionsFor('advertiser')).toEqual(['advertiser', 'manager']);
    for (const role of ['admin', 'head', 'manager', 'team_lead'] as const)
      expect(hiddenDimensionsFor(role)).toEqual([]);
  });
});

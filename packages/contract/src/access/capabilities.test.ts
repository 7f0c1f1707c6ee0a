import { describe, expect, it } from 'vitest';
import { hiddenDimensionsFor } from '../statistic/statistic.schemas.ts';
import {
  grantsAnyStaffRole,
  leadsTeam,
  picksPartnerManager,
  readsOwnTrafficOnly,
  readsWholeLog,
  seesAffiliatesByIdOnly,
  seesPayout,
  seesRevenue,
  seesStaffColumns,
  sitsInTeam,
  staffRolesGrantedBy,
} from './capabilities.ts';
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

  it('split the money: revenue for staff and advertisers, payout for staff and affiliates, neither signed out', () => {
    expect(holders(seesRevenue)).toEqual(['admin', 'head', 'manager', 'team_lead', 'advertiser']);
    expect(holders(seesPayout)).toEqual(['admin', 'head', 'manager', 'team_lead', 'affiliate']);
    expect([seesRevenue(null), seesPayout(null)]).toEqual([false, false]);
  });

  it('keep an affiliate to their own traffic and show affiliates to an advertiser by ID only', () => {
    expect(holders(readsOwnTrafficOnly)).toEqual(['affiliate']);
    expect(holders(seesAffiliatesByIdOnly)).toEqual(['advertiser']);
    expect([readsOwnTrafficOnly(null), seesAffiliatesByIdOnly(null)]).toEqual([false, false]);
  });

  it('let admin and head give every staff role and a team lead plain managers; only managers sit in a team', () => {
    expect(staffRolesGrantedBy('admin')).toEqual(['head', 'team_lead', 'manager']);
    expect(staffRolesGrantedBy('head')).toEqual(['head', 'team_lead', 'manager']);
    expect(staffRolesGrantedBy('team_lead')).toEqual(['manager']);
    expect(ROLES.filter(sitsInTeam)).toEqual(['manager']);
    expect(ROLES.filter(leadsTeam)).toEqual(['team_lead']);
  });

  it('hide advertisers, products and managers from affiliates, advertisers and managers from advertisers, nothing from staff', () => {
    expect(hiddenDimensionsFor('affiliate')).toEqual(['advertiser', 'product', 'manager']);
    expect(hiddenDimensionsFor('advertiser')).toEqual(['advertiser', 'manager']);
    for (const role of ['admin', 'head', 'manager', 'team_lead'] as const)
      expect(hiddenDimensionsFor(role)).toEqual([]);
  });
});

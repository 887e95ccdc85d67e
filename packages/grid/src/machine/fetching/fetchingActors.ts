import { notProvided } from '../notProvided.js';
import type { ReportActorInputs as In, ReportActorOutputs as Out } from '../reportMachineTypes.js';

/** The report calls of fetching: tenant settings, the report info and its results. */
export const fetchingActors = {
  fetchTenantSettings: notProvided<Out['fetchTenantSettings']>('fetchTenantSettings'),
  fetchReportResults: notProvided<Out['fetchReportResults'], In['fetchReportResults']>('fetchReportResults'),
  fetchReportEntity: notProvided<Out['fetchReportEntity'], In['fetchReportEntity']>('fetchReportEntity'),
  fetchIsOfTypeRelationshipId: notProvided<Out['fetchIsOfTypeRelationshipId']>('fetchIsOfTypeRelationshipId'),
  fetchPersonDerivedTypes: notProvided<Out['fetchPersonDerivedTypes']>('fetchPersonDerivedTypes'),
};

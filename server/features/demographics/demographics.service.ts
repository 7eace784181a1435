import type { Demographics } from '../../../contract/demographics.ts';
import { inTransaction, type Db } from '../../db/database.ts';
import type { SessionUser } from '../../db/schema.ts';
import { HttpError } from '../../http.ts';
import { forgetPersonalDetails, personalDetailsChanged } from '../insights/insights.service.ts';
import * as demographicsRepository from './demographics.repository.ts';

const emptyDemographics: Demographics = {
  gender: null,
  birthYear: null,
  nationality: null,
  education: null,
  maritalStatus: null,
  householdIncome: null,
  sexualOrientation: null,
  religion: null,
  politicalSpectrum: null,
  numChildren: null,
};

type DemographicsAnswer = { Demographics: Demographics; HasConsented: boolean };

function requireMember(viewer: SessionUser | null): SessionUser {
  if (!viewer) throw new HttpError(401, 'Log in to see and edit your personal details');
  return viewer;
}

export async function getDemographics(
  db: Db,
  viewer: SessionUser | null,
): Promise<DemographicsAnswer> {
  const member = requireMember(viewer);
  const row = await demographicsRepository.findDemographics(db, member.id);
  if (!row) return { Demographics: emptyDemographics, HasConsented: false };
  const { consent, ...fields } = row;
  return { Demographics: fields, HasConsented: consent !== '' };
}

/** The payload as validated by the contract: each field a listed option, null or absent. */
type DemographicsInput = { [Field in keyof Demographics]?: Demographics[Field] | undefined } & {
  consent: string;
};

export async function setDemographics(
  db: Db,
  viewer: SessionUser | null,
  input: DemographicsInput,
): Promise<DemographicsAnswer> {
  const member = requireMember(viewer);
  const values: Demographics = { ...emptyDemographics };
  for (const field of Object.keys(emptyDemographics) as (keyof Demographics)[]) {
    const value = input[field];
    (values as Record<string, unknown>)[field] = value ?? null;
  }
  // The profile reading's 0 means 'not set'.
  if (values.politicalSpectrum === 0) values.politicalSpectrum = null;
  await inTransaction(db, async (trx) => {
    await demographicsRepository.upsertDemographics(trx, member.id, {
      ...values,
      consent: input.consent,
    });
    // The insight counts of the opinions they voted on follow (docs/decisions/052).
    await personalDetailsChanged(trx, member.id);
  });
  forgetPersonalDetails(db, member.id);
  return { Demographics: values, HasConsented: true };
}

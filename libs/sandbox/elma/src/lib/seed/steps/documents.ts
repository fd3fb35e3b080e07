import { competitionDocumentKinds, platformApps, type CompetitionDocumentKind } from '@fed/contracts';
import { documentPdf } from '../demo-files';
import { dayIn, made, type Competition, type SeedContext } from '../seed-context';
import { middayOf } from '../seed-values';

const DOCUMENT_TITLES: Record<CompetitionDocumentKind, string> = {
  regulations: 'Regulations of the competition',
  permit: 'Permit to hold the competition',
  insurance: 'Insurance policy of the participants',
  medical: 'Medical support contract',
  other: 'Supporting document',
};

type ReviewStep = { state: 'submitted' | 'accepted' | 'returned'; reason?: string };

function addDocument(
  context: SeedContext,
  competition: Competition,
  kind: CompetitionDocumentKind,
  steps: ReviewStep[],
): void {
  const { prng } = context;
  const file = context.files.save({
    id: prng.uuid(),
    name: `${competitionDocumentKinds[kind]}.pdf`,
    mimeType: 'application/pdf',
    body: documentPdf([
      'Sinken Karate Federation - sandbox demo document',
      DOCUMENT_TITLES[kind],
      `Competition ${competition.id}`,
    ]),
    directory: 'portal-uploads',
  });
  // Submitted twelve days ago, each review two days after the step before.
  const history = steps.map((step, index) => ({
    state: step.state,
    at: middayOf(dayIn(context, -12 + index * 2)).toISOString(),
    reason: step.reason ?? null,
  }));
  const last = history[history.length - 1] as (typeof history)[number];
  context.items.add(platformApps.competitionDocuments, {
    id: prng.uuid(),
    name: competitionDocumentKinds[kind],
    fields: {
      competition: [competition.id],
      kind,
      file: [file.__id],
      state: last.state,
      ...(last.reason ? { reason: last.reason } : {}),
      history,
    },
    createdAt: middayOf(dayIn(context, -12)).toISOString(),
  });
}

/** Documents of the journeys' events, in every review state. */
export function seedDocuments(context: SeedContext): void {
  const { clubOpen, clubChildren, federationCup } = made(context.journeyEvents, 'journey events');
  addDocument(context, clubOpen, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);
  addDocument(context, clubOpen, 'permit', [{ state: 'submitted' }]);
  addDocument(context, clubOpen, 'insurance', [
    { state: 'submitted' },
    { state: 'returned', reason: 'Полис заканчивается до начала турнира: загрузите действующий' },
  ]);
  addDocument(context, clubChildren, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);
  addDocument(context, federationCup, 'regulations', [{ state: 'submitted' }, { state: 'accepted' }]);
}

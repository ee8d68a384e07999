import { COLORS } from '../../../lib/theme-tokens.ts';
import { Button } from '../../../components/ui/Button.ts';
import { Box } from '../../../components/ui/Box.ts';
import { Card } from '../../../components/ui/Card.ts';
import { Typography } from '../../../components/ui/Typography.ts';
import { Step, StepLabel, Stepper } from '../../../components/ui/Stepper.ts';
import { ArrowBackIcon } from '../../../components/ui/icons/ArrowBackIcon.ts';
import { useCallback, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { COMMON_MESSAGES } from '../../../../shared/messages.ts';
import { SectionHeader } from '../../../components/SectionHeader.tsx';
import { ApiError, FeedbackRedirectError, UnauthenticatedError } from '../../../lib/api-client.ts';
import { assistantViewPath, useAssistantView } from '../../../lib/assistant-view.ts';
import { showError } from '../../../state/snackbar-store.ts';
import { useCreateAssistant } from '../api/create-assistant.ts';
import {
  WIZARD_STEPS,
  createActionState,
  nextWizardStep,
  previousWizardStep,
  stepOfField,
  validateWizardStep,
  type WizardErrors,
  type WizardField,
  type WizardValues,
} from '../assistant-rules.ts';
import type { CurrentUser } from '../../../state/user-store.ts';
import { RedirectToList } from '../components/RedirectToList.tsx';
import { ASSISTANT_TEXTS } from '../texts.ts';
import { useLibraryState } from '../use-library-state.ts';
import { StepFunction } from './StepFunction.tsx';
import { StepName } from './StepName.tsx';
import { StepSummary } from './StepSummary.tsx';
import { StepTask } from './StepTask.tsx';
import { TrainingDialog } from './TrainingDialog.tsx';
import { useTrainingProgress } from './use-training-progress.ts';

const INITIAL: WizardValues = { type: '', name: '', role: '', task: '', style: '', can_talk: 0 };

/** The create wizard (docs/product/library-and-wizard.md): Funktion, Name, Aufgabe, Erstellung; then the training. */
export function CreateWizard({ user }: { user: CurrentUser }) {
  const { open } = useAssistantView();
  const { limit } = useLibraryState();
  const [step, setStep] = useState(0);
  const [values, setValues] = useState<WizardValues>(INITIAL);
  const [errors, setErrors] = useState<WizardErrors>({});
  const [training, setTraining] = useState(false);
  const [createdUuid, setCreatedUuid] = useState<string | null>(null);
  const mutation = useCreateAssistant();
  const contentRef = useRef<HTMLDivElement>(null);

  const navigate = useNavigate();
  // Replace: "back" from the edit screen must not reopen a finished wizard.
  const finish = useCallback(
    (uuid: string) => void navigate(assistantViewPath('edit', uuid), { replace: true }),
    [navigate],
  );
  const { progress, reset } = useTrainingProgress(training, createdUuid, finish);

  const change = (patch: Partial<WizardValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    // A corrected field loses its error at once; the others stay until the next check.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch) as WizardField[]) delete next[key];
      return next;
    });
  };

  const goTo = (next: number) => {
    setStep(next);
    // A long step may have scrolled the stepper out of view: show the next step from its top.
    if ((contentRef.current?.getBoundingClientRect().top ?? 0) < 0)
      window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  const forward = () => {
    const stepErrors = validateWizardStep(step, values);
    setErrors(stepErrors);
    if (Object.keys(stepErrors).length === 0) goTo(nextWizardStep(step, values.type));
  };

  const startTraining = async () => {
    // Every step again: the values may have changed after going back.
    for (let s = 0; s < WIZARD_STEPS - 1; s++) {
      const stepErrors = validateWizardStep(s, values);
      if (Object.keys(stepErrors).length > 0) {
        setErrors(stepErrors);
        goTo(s);
        return;
      }
    }
    if (!values.type) return;
    setTraining(true);
    try {
      const isImage = values.type === 'image';
      const { uuid } = await mutation.mutateAsync({
        type: values.type,
        is_public: 0,
        name: values.name.trim(),
        role: isImage ? '' : values.role.trim(),
        task: isImage ? '' : values.task.trim(),
        style: values.type === 'chat' ? values.style : '',
        can_talk: isImage ? 0 : values.can_talk,
      });
      setCreatedUuid(uuid);
    } catch (error) {
      setTraining(false);
      reset();
      showCreateError(error);
    }
  };

  const showCreateError = (error: unknown) => {
    if (error instanceof UnauthenticatedError || error instanceof FeedbackRedirectError) return;
    if (!(error instanceof ApiError)) {
      showError(COMMON_MESSAGES.unknownError);
      return;
    }
    const fieldErrors: WizardErrors = {};
    let firstStep: number | undefined;
    for (const [field, messages] of Object.entries(error.fields)) {
      const s = stepOfField(field);
      if (s === undefined || !messages[0]) continue;
      fieldErrors[field as WizardField] = messages[0];
      firstStep = firstStep === undefined ? s : Math.min(firstStep, s);
    }
    if (firstStep === undefined) {
      showError(error.userMessage);
      return;
    }
    setErrors(fieldErrors);
    goTo(firstStep);
  };

  const isLast = step === WIZARD_STEPS - 1;
  // Opened by link while no slot is free: back to the library with the reason. Not while training:
  // the new assistant itself fills the last slot.
  const blocked = createActionState(user, limit).reason;
  if (blocked && !training) return <RedirectToList reason={blocked} />;

  return (
    <>
      <SectionHeader
        title={ASSISTANT_TEXTS.wizardTitle}
        subtitle={ASSISTANT_TEXTS.wizardSubtitle}
        actions={
          <Button color="inherit" startIcon={<ArrowBackIcon />} onClick={() => open('list')}>
            {ASSISTANT_TEXTS.backToList}
          </Button>
        }
      />
      <Card sx={{ p: { xs: 2, sm: 4 } }} ref={contentRef}>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: { xs: 3, sm: 5 } }}>
          {ASSISTANT_TEXTS.steps.map((label, index) => {
            const skipped = index === 2 && values.type === 'image';
            return (
              <Step key={label} completed={skipped ? false : index < step} disabled={skipped}>
                <StepLabel
                  optional={
                    skipped ? (
                      <Typography variant="caption" component="span" sx={{ color: 'text.secondary' }}>
                        {ASSISTANT_TEXTS.stepSkippedForImage}
                      </Typography>
                    ) : undefined
                  }
                >
                  {label}
                </StepLabel>
              </Step>
            );
          })}
        </Stepper>

        <Box component="section" aria-labelledby="wizard-step-title" sx={{ minHeight: 260 }}>
          {step === 0 && (
            <StepFunction value={values.type} error={errors.type} onChange={(type) => change({ type })} />
          )}
          {step === 1 && <StepName values={values} errors={errors} onChange={change} />}
          {step === 2 && <StepTask values={values} errors={errors} onChange={change} />}
          {step === 3 && <StepSummary values={values} />}
        </Box>

        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            gap: 2,
            mt: 4,
            pt: 3,
            borderTop: `1px solid ${COLORS.border}`,
          }}
        >
          <Button
            color="inherit"
            onClick={() => (step === 0 ? open('list') : goTo(previousWizardStep(step, values.type)))}
            disabled={training}
          >
            {step === 0 ? ASSISTANT_TEXTS.cancel : ASSISTANT_TEXTS.back}
          </Button>
          {isLast ? (
            <Button variant="contained" size="large" onClick={() => void startTraining()} loading={training}>
              {ASSISTANT_TEXTS.startTraining}
            </Button>
          ) : (
            <Button variant="contained" onClick={forward}>
              {ASSISTANT_TEXTS.next}
            </Button>
          )}
        </Box>
      </Card>
      <TrainingDialog open={training} name={values.name.trim()} progress={progress} />
    </>
  );
}

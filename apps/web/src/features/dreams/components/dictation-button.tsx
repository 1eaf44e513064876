import { Mic, Square } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { cn } from '@/lib/utils';
import { useIsDictationAvailable, useTranscribe } from '../api/use-dictation';
import { useAudioRecorder } from '../hooks/use-audio-recorder';

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * 'Ditar' on the dream form (docs/decisions/038): record, stop, the text is appended to the dream (still editable).
 * Shown only when the server transcribes and the user gave AI consent. States are announced (role=status).
 */
export function DictationButton({ onText }: { onText: (text: string) => void }) {
  const { t, i18n } = useTranslation();
  const { isAvailable, maxSeconds } = useIsDictationAvailable();
  const transcribe = useTranscribe();
  const errorMessage = useApiErrorMessage();
  const recorder = useAudioRecorder({
    maxSeconds,
    onRecorded: (audio) =>
      transcribe.mutate(
        { audio, language: i18n.language.startsWith('en') ? 'en' : 'pt' },
        {
          onSuccess: (text) => {
            if (text) onText(text);
          },
        },
      ),
  });
  if (!isAvailable) return null;

  const isRecording = recorder.state === 'recording';
  const isSending = transcribe.isPending;
  const status = isRecording
    ? t('dreams.dictation.recording', { time: clock(recorder.seconds) })
    : isSending
      ? t('dreams.dictation.sending')
      : recorder.failure
        ? t(`dreams.dictation.failure.${recorder.failure}`)
        : transcribe.isError
          ? errorMessage(transcribe.error, { payload_too_large: t('dreams.dictation.tooLong') })
          : transcribe.isSuccess && !transcribe.data
            ? t('dreams.dictation.nothingHeard')
            : '';
  const isProblem = Boolean(recorder.failure) || transcribe.isError;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        type="button"
        variant={isRecording ? 'destructive' : 'outline'}
        size="sm"
        disabled={isSending || recorder.state === 'asking'}
        aria-pressed={isRecording}
        onClick={() => (isRecording ? recorder.stop() : void recorder.start())}
        className="rounded-full"
      >
        {isSending || recorder.state === 'asking' ? (
          <Spinner />
        ) : isRecording ? (
          <Square aria-hidden="true" className="fill-current" />
        ) : (
          <Mic aria-hidden="true" />
        )}
        {isRecording ? t('dreams.dictation.stop') : t('dreams.dictation.start')}
      </Button>
      <p
        role="status"
        className={cn(
          'text-xs',
          isProblem ? 'text-destructive' : 'text-muted-foreground',
          isRecording && 'tabular-nums',
        )}
      >
        {isRecording ? (
          <span aria-hidden="true" className="mr-1.5 inline-block size-2 animate-pulse rounded-full bg-red-500" />
        ) : null}
        {status}
      </p>
    </div>
  );
}

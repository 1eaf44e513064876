import { zodResolver } from '@hookform/resolvers/zod';
import { createSupportMessageSchema, SUPPORT_LIMITS } from '@sonhario/contracts/support';
import { Send } from 'lucide-react';
import { useId } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { describedBy, FormField } from '@/components/form-field';
import { FormAlert, SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { useApiErrorMessage } from '@/lib/api-error-message';
import { formatDate } from '@/lib/dates';
import { useSendSupportMessage } from '../api/use-send-support-message';

/** The contract's schema, with the select's '' for "no dream" (sent as null). */
const supportFormSchema = createSupportMessageSchema
  .omit({ dreamId: true })
  .extend({ dreamId: z.union([z.literal(''), z.uuid()]) });
type SupportFormValues = z.input<typeof supportFormSchema>;

const EMPTY: SupportFormValues = { subject: '', message: '', dreamId: '' };

/** A dream the message can be about: the user's recent ones, named by title. */
export interface SupportDreamOption {
  id: string;
  title: string;
  dreamtOn: string;
}

/** 'Nova mensagem': subject, message and optionally one of the user's recent dreams. */
export function SupportForm({ dreams, responseHours }: { dreams: SupportDreamOption[]; responseHours: number }) {
  const { t } = useTranslation();
  const id = useId();
  const errorMessage = useApiErrorMessage();
  const send = useSendSupportMessage();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<SupportFormValues>({ resolver: zodResolver(supportFormSchema), defaultValues: EMPTY });

  // The contract's messages are pt-BR; the page says them in the user's language, from what was wrong.
  const textOf = (field: 'subject' | 'message', error: FieldError | undefined, max: number) => {
    if (!error) return undefined;
    return error.type === 'too_big' ? t(`support.form.${field}TooLong`, { max }) : t(`support.form.${field}Required`);
  };
  const subjectError = textOf('subject', errors.subject, SUPPORT_LIMITS.subjectMax);
  const messageError = textOf('message', errors.message, SUPPORT_LIMITS.messageMax);
  const field = (name: string) => `${id}-${name}`;

  const submit = (values: SupportFormValues) => {
    if (send.isPending) return;
    send.mutate(
      { subject: values.subject, message: values.message, dreamId: values.dreamId || null },
      {
        onSuccess: () => {
          reset(EMPTY);
          toast.success(t('support.form.sent', { hours: responseHours }));
        },
      },
    );
  };

  return (
    <SectionCard
      id="nova-mensagem"
      icon={Send}
      title={t('support.form.title')}
      description={t('support.form.description')}
    >
      <form
        className="grid gap-5"
        aria-labelledby="nova-mensagem-title"
        onSubmit={(event) => void handleSubmit(submit)(event)}
        noValidate
      >
        <FormField id={field('subject')} label={t('support.form.subject')} error={subjectError}>
          <Input
            id={field('subject')}
            maxLength={SUPPORT_LIMITS.subjectMax}
            aria-invalid={subjectError ? true : undefined}
            aria-describedby={describedBy(field('subject'), { error: subjectError })}
            {...register('subject')}
          />
        </FormField>
        <FormField id={field('message')} label={t('support.form.message')} error={messageError}>
          <Textarea
            id={field('message')}
            rows={6}
            maxLength={SUPPORT_LIMITS.messageMax}
            className="min-h-36"
            aria-invalid={messageError ? true : undefined}
            aria-describedby={describedBy(field('message'), { error: messageError })}
            {...register('message')}
          />
        </FormField>
        <FormField id={field('dream')} label={t('support.form.dream')} hint={t('support.form.dreamHint')}>
          <NativeSelect
            id={field('dream')}
            aria-describedby={describedBy(field('dream'), { hint: t('support.form.dreamHint') })}
            {...register('dreamId')}
          >
            <option value="">{t('support.form.noDream')}</option>
            {dreams.map((dream) => (
              <option key={dream.id} value={dream.id}>
                {`${formatDate(dream.dreamtOn)} · ${dream.title}`}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {send.isError ? (
          <FormAlert>{errorMessage(send.error, { not_found: t('support.form.dreamNotFound') })}</FormAlert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" size="lg" className="w-full sm:h-10 sm:w-auto" disabled={send.isPending}>
            {send.isPending ? <Spinner /> : <Send aria-hidden="true" />}
            {send.isPending ? t('support.form.busy') : t('support.form.submit')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}

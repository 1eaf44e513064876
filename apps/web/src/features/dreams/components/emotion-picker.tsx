import { EMOTIONS, type Emotion } from '@sonhario/contracts/dreams';
import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';

interface EmotionPickerProps {
  id: string;
  labelledBy: string;
  describedBy?: string;
  value: readonly Emotion[];
  onChange: (value: Emotion[]) => void;
}

/** The twelve emotions as toggle chips (any number of them); arrow keys move between chips, Space toggles. */
export function EmotionPicker({ id, labelledBy, describedBy, value, onChange }: EmotionPickerProps) {
  const { t } = useTranslation();
  return (
    <ToggleGroup
      id={id}
      type="multiple"
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      value={[...value]}
      // Kept in the contract's order, whatever order they were tapped in.
      onValueChange={(next) => onChange(EMOTIONS.filter((emotion) => next.includes(emotion)))}
    >
      {EMOTIONS.map((emotion) => (
        <ToggleGroupItem key={emotion} value={emotion} className="group">
          <Check aria-hidden="true" className="-ml-0.5 hidden size-3.5 group-data-[state=on]:block" />
          {t(`dreams.emotions.${emotion}`)}
        </ToggleGroupItem>
      ))}
    </ToggleGroup>
  );
}

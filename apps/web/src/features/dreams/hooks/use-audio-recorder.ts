import { useCallback, useEffect, useRef, useState } from 'react';

/** What MediaRecorder writes, in the order we prefer (all taken by POST /dictation). */
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

export type RecorderState = 'idle' | 'asking' | 'recording';
export type RecorderFailure = 'unsupported' | 'denied' | 'failed';

const isRecordingSupported = () =>
  typeof window !== 'undefined' &&
  typeof window.MediaRecorder !== 'undefined' &&
  typeof (navigator.mediaDevices as MediaDevices | undefined)?.getUserMedia === 'function';

function pickMimeType(): string | undefined {
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * The microphone through MediaRecorder: `start` asks for the microphone and records; `stop` resolves to the recording
 * (a Blob of the browser's type) and releases the microphone. Stops by itself after `maxSeconds`. The recording lives
 * in memory only until it is sent.
 */
export function useAudioRecorder({
  maxSeconds,
  onRecorded,
}: {
  maxSeconds: number;
  onRecorded: (audio: Blob) => void;
}) {
  const [state, setState] = useState<RecorderState>('idle');
  const [failure, setFailure] = useState<RecorderFailure | null>(null);
  const [seconds, setSeconds] = useState(0);
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  });

  const release = useCallback(() => {
    if (timer.current !== null) window.clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    setFailure(null);
    if (!isRecordingSupported()) {
      setFailure('unsupported');
      return;
    }
    setState('asking');
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (error) {
      setState('idle');
      setFailure((error as DOMException).name === 'NotAllowedError' ? 'denied' : 'failed');
      return;
    }
    const mimeType = pickMimeType();
    const media = new MediaRecorder(stream.current, mimeType ? { mimeType } : undefined);
    const chunks: Blob[] = [];
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      release();
      setState('idle');
      const type = (media.mimeType || mimeType || 'audio/webm').split(';')[0] ?? 'audio/webm';
      const audio = new Blob(chunks, { type });
      if (audio.size > 0) onRecordedRef.current(audio);
    };
    recorder.current = media;
    media.start(1000);
    setSeconds(0);
    setState('recording');
    const startedAt = Date.now();
    timer.current = window.setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(elapsed);
      if (elapsed >= maxSeconds) stop();
    }, 250);
  }, [maxSeconds, release, stop]);

  // Leaving the form while recording: the microphone is released, nothing is sent.
  useEffect(
    () => () => {
      if (recorder.current) recorder.current.onstop = null;
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
    },
    [release],
  );

  return { state, failure, seconds, start, stop };
}

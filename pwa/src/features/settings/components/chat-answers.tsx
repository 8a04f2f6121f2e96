import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Save from '@mui/icons-material/Save';
import { CHAT_PLACEHOLDERS, type ChatAnswer } from '@shared/contracts/chat.js';
import { formatLodgeDateTimeYear } from '@shared/format.js';
import { LoadingState } from '@/components/loading-state.js';
import { LoadProblem } from '@/components/needs-connection.js';
import { ApiError, errorText } from '@/lib/api.js';
import { useOnline } from '@/offline/hooks.js';
import { CHAT_ANSWERS_KEY, updateChatAnswer, useChatAnswers } from '@/features/chat/api/chat-answers-admin.js';

/** How each topic is titled in the editor. */
const TOPIC_TITLES: Record<string, string> = {
  directions: 'Directions',
  weather: 'Weather',
  contact: 'Contact',
  packing: 'Packing',
  amenities: 'Amenities',
  emergency: 'Emergency',
  safety: 'Safety',
  rates: 'Rates',
  'check-in-times': 'Check-in times',
  children: 'Children',
  payments: 'Payments',
  cancellation: 'Cancellation',
};
const titleOf = (topic: string) => TOPIC_TITLES[topic] ?? topic;

/** The manager's extra words, typed as a comma-separated list. */
const phrasesOf = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);

const isPhraseField = (field: string) => field === 'phrases' || field.startsWith('phrases.');

/**
 * The chat assistant's answers, one card per topic (Lodge Settings, Lodge tab): the text the
 * chat replies with, with {placeholders} for the lodge's details, and extra words that tell
 * the chat a question is about this topic. Each card saves on its own.
 */
export function ChatAnswers() {
  const answers = useChatAnswers();
  return (
    <Box component="section" aria-labelledby="chat-answers-title">
      <Typography id="chat-answers-title" variant="h6" component="h2">
        Chat assistant answers
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What the Safari Assistant replies on each topic. Placeholders in braces are filled in with the lodge's details when the chat answers. A question
        that fits no topic gets a polite "not sure" and a Contact Us button.
      </Typography>
      {answers.isPending ? (
        <LoadingState label="Loading chat answers..." />
      ) : answers.error ? (
        <LoadProblem error={answers.error} what="the chat answers" onRetry={() => void answers.refetch()} />
      ) : (
        <Stack spacing={2}>
          {answers.data.map((answer) => (
            <AnswerCard key={answer.topic} answer={answer} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

function AnswerCard({ answer }: { answer: ChatAnswer }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const [text, setText] = useState(answer.answer);
  const [phrases, setPhrases] = useState(answer.phrases.join(', '));
  const [saved, setSaved] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const dirty = text !== answer.answer || phrases !== answer.phrases.join(', ');

  const save = useMutation({
    mutationFn: () => updateChatAnswer(answer.topic, { answer: text, phrases: phrasesOf(phrases), version: answer.version }),
    onSuccess: (updated) => {
      queryClient.setQueryData<ChatAnswer[]>(CHAT_ANSWERS_KEY, (list) => list?.map((a) => (a.topic === updated.topic ? updated : a)));
      setText(updated.answer);
      setPhrases(updated.phrases.join(', '));
      setSaved(true);
    },
  });
  const fieldErrors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const phraseError = Object.entries(fieldErrors).find(([field]) => isPhraseField(field))?.[1];
  const problem = save.error && !fieldErrors.answer && !phraseError ? errorText(save.error, 'Failed to save the answer') : undefined;

  const edit = (apply: () => void) => {
    apply();
    setSaved(false);
    save.reset();
  };

  /** Puts a placeholder where the cursor is (or at the end). */
  function insert(name: string) {
    const el = input.current;
    const at = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? at;
    const token = `{${name}}`;
    edit(() => setText(text.slice(0, at) + token + text.slice(end)));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  }

  const titleId = `chat-answer-${answer.topic}`;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {titleOf(answer.topic)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          For questions like “{answer.question}”
        </Typography>
        <TextField
          label="Answer"
          value={text}
          onChange={(e) => edit(() => setText(e.target.value))}
          inputRef={input}
          multiline
          minRows={3}
          fullWidth
          error={!!fieldErrors.answer}
          helperText={fieldErrors.answer}
        />
        <Box sx={{ mt: 1, mb: 2 }}>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
            Insert a placeholder:
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {CHAT_PLACEHOLDERS.map((name) => (
              <Chip key={name} label={`{${name}}`} size="small" variant="outlined" onClick={() => insert(name)} />
            ))}
          </Box>
        </Box>
        <TextField
          label="Extra words"
          value={phrases}
          onChange={(e) => edit(() => setPhrases(e.target.value))}
          fullWidth
          error={!!phraseError}
          helperText={phraseError ?? 'Comma-separated: words guests use for this topic that the chat should recognise, e.g. braai, boma'}
        />
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problem}
          </Alert>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            startIcon={<Save />}
            onClick={() => save.mutate()}
            disabled={!dirty || save.isPending || !online}
            sx={{ minHeight: 44 }}
            aria-label={`Save ${titleOf(answer.topic)} answer`}
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
          <Typography variant="body2" color={dirty ? 'warning.dark' : 'text.secondary'} role="status">
            {dirty ? 'Unsaved changes' : saved ? 'Saved' : `Last saved ${formatLodgeDateTimeYear(answer.updatedAt)}`}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}

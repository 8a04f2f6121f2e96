import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import { CHAT_LIMITS, type ChatHistoryEntry, type ChatOption } from '@shared/contracts/chat.js';
import { usePublicSettings } from '@/features/settings/api/use-public-settings.js';
import { useChatFaqs, useSendChatMessage } from './api/use-chat.js';
import { CHAT_FAILURE_OPTIONS, CHAT_FAILURE_TEXT, WELCOME_OPTIONS, WELCOME_TEXT, cannedReply, isCannedTopic } from './canned-replies.js';

/** A chat message on the client (docs/product.md, Chat assistant). */
export interface ChatMessage {
  id: string;
  text: string;
  isBot: boolean;
  timestamp: number;
  options?: ChatOption[];
}

let nextId = 0;
const message = (text: string, isBot: boolean, options?: ChatOption[]): ChatMessage => ({
  id: `m${++nextId}`,
  text,
  isBot,
  timestamp: Date.now(),
  options,
});

/** The last 5 messages as the API takes them (each cut to the API's length limit). */
export function historyOf(messages: ChatMessage[]): ChatHistoryEntry[] {
  return messages.slice(-CHAT_LIMITS.historyMax).map((m) => ({
    role: m.isBot ? 'assistant' : 'user',
    content: m.text.slice(0, CHAT_LIMITS.messageMax),
  }));
}

/** The chat dialog; loaded on first open of the bubble. Keeps the conversation while closed. */
export default function ChatDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const settings = usePublicSettings();
  useChatFaqs();
  const send = useSendChatMessage();
  const [messages, setMessages] = useState<ChatMessage[]>(() => [message(WELCOME_TEXT, true, WELCOME_OPTIONS)]);
  const [input, setInput] = useState('');
  const logRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, send.isPending, open]);

  const append = (m: ChatMessage) => setMessages((current) => [...current, m]);
  const canSend = input.trim() !== '' && !send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = input.trim();
    if (!text || send.isPending) return;
    const conversationHistory = historyOf(messages);
    append(message(text, false));
    setInput('');
    send.mutate(
      { message: text, conversationHistory },
      {
        onSuccess: (answer) => append(message(answer.message, true, answer.quickActions)),
        onError: () => append(message(CHAT_FAILURE_TEXT, true, CHAT_FAILURE_OPTIONS)),
      },
    );
  };

  const choose = (option: ChatOption) => {
    if (option.action === 'message' && isCannedTopic(option.value)) {
      const reply = cannedReply(option.value, settings.data);
      append(message(reply.text, true, reply.options));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      aria-labelledby="chat-title"
      aria-describedby="chat-subtitle"
      sx={fullScreen ? undefined : { '& .MuiDialog-container': { justifyContent: 'flex-end', alignItems: 'flex-end' } }}
      slotProps={{
        paper: {
          sx: fullScreen
            ? { display: 'flex', flexDirection: 'column' }
            : { m: 3, width: 380, maxWidth: 'calc(100% - 48px)', height: 'min(600px, calc(100% - 48px))', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.5, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="chat-title" variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
            Safari Assistant
          </Typography>
          <Typography id="chat-subtitle" variant="body2" sx={{ opacity: 0.85 }}>
            How can I help you?
          </Typography>
        </Box>
        <IconButton aria-label="Close chat" onClick={onClose} sx={{ color: 'inherit' }}>
          <CloseIcon />
        </IconButton>
      </Box>

      <Box
        ref={logRef}
        role="log"
        aria-label="Conversation"
        aria-live="polite"
        sx={{ flexGrow: 1, overflowY: 'auto', px: 2, py: 2, bgcolor: 'background.default', display: 'flex', flexDirection: 'column', gap: 1.5 }}
      >
        {messages.map((m) => (
          <Box key={m.id} sx={{ alignSelf: m.isBot ? 'flex-start' : 'flex-end', maxWidth: '88%' }}>
            <Box
              data-testid={m.isBot ? 'bot-message' : 'user-message'}
              sx={{
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: m.isBot ? 'background.paper' : 'primary.main',
                color: m.isBot ? 'text.primary' : 'primary.contrastText',
                border: m.isBot ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <Typography variant="caption" component="p" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                {m.isBot ? 'Safari Assistant:' : 'You:'}
              </Typography>
              {/* Text only: answers are never rendered as HTML. */}
              <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {m.text}
              </Typography>
            </Box>
            {m.options && m.options.length > 0 && (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
                {m.options.map((o) =>
                  o.action === 'link' ? (
                    <Button key={`${o.label}${o.value}`} size="small" variant="contained" component={RouterLink} to={o.value} onClick={onClose}>
                      {o.label}
                    </Button>
                  ) : (
                    <Button key={`${o.label}${o.value}`} size="small" variant="outlined" onClick={() => choose(o)}>
                      {o.label}
                    </Button>
                  ),
                )}
              </Stack>
            )}
          </Box>
        ))}
        {send.isPending && (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            Safari Assistant is typing...
          </Typography>
        )}
      </Box>

      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider', pb: fullScreen ? 'calc(12px + env(safe-area-inset-bottom))' : 1.5 }}>
        <TextField
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="Type your message..."
          size="small"
          fullWidth
          autoFocus
          autoComplete="off"
          slotProps={{ htmlInput: { 'aria-label': 'Message', maxLength: CHAT_LIMITS.messageMax } }}
        />
        <IconButton type="submit" color="primary" aria-label="Send message" disabled={!canSend}>
          <SendIcon />
        </IconButton>
      </Box>
    </Dialog>
  );
}

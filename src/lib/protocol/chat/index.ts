/** Table chat and private messages, signed, kept beside the log and never replayed (docs/protocol.md, "Chat"). */
export { CHAT_RATE, CHAT_VERSION, MAX_CHAT_BYTES, MAX_CLOCK_AHEAD_MS, parseChat, parseChatAsync, readChatMessage, signChat, chatSignedBytes, type ChatMessage, type ParsedChat, type PrivateMessage, type TableMessage, type UnsignedChat } from './message.js';
export { MAX_CHAT_CHARS, chatFail, chatLength, chatOk, checkChatText, type ChatCode, type ChatRefusal, type ChatResult } from './text.js';
export { PAD_BUCKETS, SEALED_SIZES, isSealedSize, openChat, padText, sealChat, unpadText, type SealAddress } from './seal.js';
export { ChatBook, type ChatRefusalRecord, type ChatVerdicts, type VerifiedChat } from './book.js';

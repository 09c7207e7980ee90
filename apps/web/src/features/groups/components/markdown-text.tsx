// Moved to components/ so news articles render with the same safe renderer; kept for these imports.
export { MarkdownText } from '@/components/markdown-text/markdown-text';

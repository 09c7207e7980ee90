import { createRoot } from 'react-dom/client';
import './styles/tokens.css';

createRoot(document.getElementById('root')!).render(<h1>Candlewise</h1>);

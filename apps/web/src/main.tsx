import { startApp } from '@/app/start-app';
import './styles/tokens.css';

void startApp(document.getElementById('root')!);

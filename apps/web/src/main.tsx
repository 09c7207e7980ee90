import { startApp } from '@/app/start-app';
import { keepScrollRegionsFocusable } from '@/lib/focusable-scroll-regions';
import './styles/tokens.css';

void startApp(document.getElementById('root')!);
keepScrollRegionsFocusable();

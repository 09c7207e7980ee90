/** What other features take from courses (dependency-cruiser: features meet through their index). */
export { PractiseNextCard } from './components/practise-next-card';

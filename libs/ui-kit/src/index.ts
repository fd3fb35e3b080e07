import './styles/global.css';

export { LoadingWrapper, type LoadingWrapperProps } from './components/loading-wrapper/loading-wrapper';
export { breakpoints, mediaUp, type Breakpoint } from './tokens/breakpoints';

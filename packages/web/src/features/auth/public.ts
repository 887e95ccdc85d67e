export { SignInPage, type SignInPageProps } from './SignInPage';
export { type Session, SessionProvider, useSession } from './session';

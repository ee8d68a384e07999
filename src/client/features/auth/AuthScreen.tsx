import FeedbackPage from './FeedbackPage.tsx';
import LoginPage from './LoginPage.tsx';
import RegisterPage from './RegisterPage.tsx';
import ResetPasswordPage from './ResetPasswordPage.tsx';
import ResetRequestPage from './ResetRequestPage.tsx';

/**
 * The screen for a path the server answers with auth.html (AUTH_PAGE_PATHS). All five together
 * are a few KiB: one file, no second round trip for the screen.
 */
export function AuthScreen({ path, search }: { path: string; search: string }) {
  const [, first = '', token = ''] = path.split('/');
  switch (`/${first}`) {
    case '/register':
      return <RegisterPage />;
    case '/reset':
      return <ResetRequestPage />;
    case '/reset-password':
      return <ResetPasswordPage token={safeDecode(token)} />;
    case '/feedback':
      return <FeedbackPage params={new URLSearchParams(search)} />;
    default:
      return <LoginPage />;
  }
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

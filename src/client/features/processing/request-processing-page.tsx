import { ProcessingScreen } from './processing-screen';

/** /ui/requests/:projId: processing a request. */
export default function RequestProcessingPage() {
  return <ProcessingScreen projectMode={false} />;
}

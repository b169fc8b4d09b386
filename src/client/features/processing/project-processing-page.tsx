import { ProcessingScreen } from './processing-screen';

/** /ui/projects/:projId: the processing screen in manage-project mode. */
export default function ProjectProcessingPage() {
  return <ProcessingScreen projectMode />;
}

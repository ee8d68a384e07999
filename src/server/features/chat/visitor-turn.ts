import type { Deps } from '../../platform/deps.ts';
import type { StreamEvent } from '../../../shared/schemas/chat.ts';
import type { ThreadAccess } from './chat.service.ts';

/**
 * A visitor's message in a public thread whose Mika offers the live hand-off goes to this hook
 * first (the handoff feature registers it at the app's wiring; chat does not import it). It
 * answers true when it took the turn — the thread is held by a person, or (offline) the visitor
 * asked for one in words of its phrase list — and the Mika is not asked. With a real model the
 * wish is the model's tool call (`requested`). The thread's hand-off state comes with the answer's first
 * statement (ThreadAccess.handoff), so the check adds no round trip.
 */
export interface VisitorTurnHook {
  /** Whether the hook took the turn (then the Mika is not asked). */
  take(deps: Deps, access: ThreadAccess, question: string, emit: (event: StreamEvent) => void): Promise<boolean>;
  /**
   * The visitor's message passed the access check (thread, limits, credits): the office may show
   * its text at once, before it is stored (`stored` follows, also when storing failed).
   */
  accepted(deps: Deps, access: ThreadAccess, question: string): void;
  /** The Mika answers: the visitor's question has been stored, or storing it failed. */
  stored(deps: Deps, access: ThreadAccess): void;
  /**
   * The model called the person tool (ai/person-request.ts): the same request as the visitor's
   * button. Returns the id of the last message it stored (null: a person took the thread meanwhile).
   */
  requested(deps: Deps, access: ThreadAccess): Promise<number | null>;
}

let hook: VisitorTurnHook | undefined;

export function registerVisitorTurnHook(next: VisitorTurnHook): void {
  hook = next;
}

export function visitorTurnHook(): VisitorTurnHook | undefined {
  return hook;
}

/// Who may use a session (`--session-access`).
public enum SessionAccessMode: String, Sendable, CaseIterable {
    /// Every route under /sessions/{id} needs one of the session's tokens, of the scope its route and method need
    /// (`Route.scope(for:)`); creating a session answers with its owner token.
    case tokens
    /// Whoever knows a session's id may use it: for trusted networks and tests.
    case open
}

/// Which account's database to open at launch, and what each kind of logout does to that choice (seed 000).
///
/// The session's user id wins when there is one; without a session the persisted scope is used, so a forced logout
/// (the token expired, the server invalidated the session) leaves the user looking at the same records, signed out.
/// Only a logout the user asked for clears the scope and starts clean. Launch and logout go through this one type
/// and its one ``ScopeStore``, so they cannot disagree about the value.
public struct LaunchScope: Sendable {
    /// Where the scope is persisted.
    public let store: any ScopeStore

    /// Launch and logout decisions over one persisted scope.
    ///
    /// - Parameter store: Where the scope lives between launches; use the same store for every launch and logout.
    public init(store: any ScopeStore) {
        self.store = store
    }

    /// Why a scope was chosen.
    public enum Source: String, Sendable {
        /// The session had a user id.
        case session
        /// No session; the persisted scope from an earlier launch.
        case persisted
        /// Neither: the unscoped database.
        case none
    }

    /// The account whose database to open, and where that answer came from.
    public struct Decision: Sendable, Equatable {
        /// The user id that scopes the database, or `nil` for the unscoped one.
        public let userID: String?
        /// Where ``userID`` came from: the session, the persisted scope, or neither.
        public let source: Source

        /// A decision with the given answer and origin (``LaunchScope/decide(sessionUserID:)`` makes them; a test
        /// compares against one).
        ///
        /// - Parameters:
        ///   - userID: The user id that scopes the database, or `nil` for the unscoped one.
        ///   - source: Where the answer came from.
        public init(userID: String?, source: Source) {
            self.userID = userID
            self.source = source
        }
    }

    /// Decides the scope for this launch: the session's user id when it is present (not empty or blank), else the
    /// persisted scope. A session user id is persisted as the scope, so a later launch without a session (after a
    /// forced logout) still finds it.
    ///
    /// - Throws: when the store cannot be read or written. An unreadable scope is not "no scope": opening the
    ///   unscoped database because of it is the incident this type exists to prevent.
    public func decide(sessionUserID: String?) throws -> Decision {
        let persisted = try store.loadScope()
        if let sessionUserID, !sessionUserID.allSatisfy(\.isWhitespace) {
            if persisted != sessionUserID { try store.saveScope(sessionUserID) }
            return Decision(userID: sessionUserID, source: .session)
        }
        if let persisted, !persisted.allSatisfy(\.isWhitespace) {
            return Decision(userID: persisted, source: .persisted)
        }
        return Decision(userID: nil, source: .none)
    }

    /// Records a sign-in: `userID` becomes the scope.
    public func signedIn(userID: String) throws {
        try store.saveScope(userID)
    }

    /// Records a logout. A ``LogoutKind/forced`` logout keeps the scope (the app drops only the session); a
    /// ``LogoutKind/user`` logout clears it.
    public func loggedOut(_ kind: LogoutKind) throws {
        switch kind {
        case .forced: return
        case .user: try store.saveScope(nil)
        }
    }
}

/// How a session ended.
public enum LogoutKind: String, Sendable, CaseIterable {
    /// The app was signed out without asking the user (token expired, session invalidated by the server): the
    /// records stay on screen.
    case forced
    /// The user chose to sign out: start clean.
    case user
}

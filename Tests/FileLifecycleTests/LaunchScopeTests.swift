import FileLifecycle
import Foundation
import TestSupport
import Testing

/// Seed 000's incident: after a forced logout the next launch opened the unscoped (empty) database, and the user's
/// records seemed gone. Each "launch" here builds a new `LaunchScope` over the same scope file, as a new process
/// would.
@Suite("Launch scope across launches")
struct LaunchScopeTests {
    /// An app with a keychain session (in memory, cleared by any logout), a scope file, and one database per account.
    final class SimulatedApp {
        let folder = TemporaryDirectory("driverport-scope")
        var sessionUserID: String?
        var scopeFile: URL { folder.url.appendingPathComponent("scope.json") }

        /// A launch: decide the scope from the session and the store, and name the database it opens.
        func launch() throws -> (decision: LaunchScope.Decision, database: String) {
            let decision = try LaunchScope(store: FileScopeStore(url: scopeFile)).decide(sessionUserID: sessionUserID)
            let name = decision.userID.map { "account-\($0).db" } ?? "unscoped.db"
            return (decision, folder.path(name))
        }

        func signIn(_ userID: String) throws {
            sessionUserID = userID
            try LaunchScope(store: FileScopeStore(url: scopeFile)).signedIn(userID: userID)
        }

        /// The logout code path: the session always goes; the scope only on a user logout.
        func logout(_ kind: LogoutKind) throws {
            sessionUserID = nil
            try LaunchScope(store: FileScopeStore(url: scopeFile)).loggedOut(kind)
        }
    }

    @Test("a forced logout (token expired) keeps the scope: the next launch opens the same account's database")
    func forcedLogoutKeepsTheRecords() throws {
        let app = SimulatedApp()
        try app.signIn("user-42")
        let first = try app.launch()
        #expect(first.decision == LaunchScope.Decision(userID: "user-42", source: .session))
        try LedgerFixture.makeWAL(at: first.database, rows: 6)

        try app.logout(.forced)
        let second = try app.launch()
        #expect(second.decision == LaunchScope.Decision(userID: "user-42", source: .persisted))
        #expect(second.database == first.database)
        #expect(try LedgerFixture.contents(at: second.database)?.rows == 6, "the user still sees the same records")
    }

    @Test("a user logout clears the scope: the next launch opens the unscoped database")
    func userLogoutStartsClean() throws {
        let app = SimulatedApp()
        try app.signIn("user-42")
        let first = try app.launch()
        try app.logout(.user)
        let second = try app.launch()
        #expect(second.decision == LaunchScope.Decision(userID: nil, source: .none))
        #expect(second.database != first.database)
    }

    @Test("a session seen at launch becomes the persisted scope, even when the app never called signedIn")
    func sessionAtLaunchIsPersisted() throws {
        let app = SimulatedApp()
        app.sessionUserID = "user-7"
        _ = try app.launch()
        app.sessionUserID = nil  // the keychain lost the session without any logout code running
        #expect(try app.launch().decision == LaunchScope.Decision(userID: "user-7", source: .persisted))
    }

    @Test("an empty or blank session user id counts as no session")
    func blankSessionFallsBackToThePersistedScope() throws {
        let app = SimulatedApp()
        try app.signIn("user-42")
        for blank in ["", "  "] {
            app.sessionUserID = blank
            #expect(try app.launch().decision == LaunchScope.Decision(userID: "user-42", source: .persisted))
        }
    }

    @Test("a scope file that cannot be read is an error, never 'no scope' (which would open the unscoped database)")
    func unreadableScopeIsAnError() throws {
        let app = SimulatedApp()
        try Data("not json".utf8).write(to: app.scopeFile)
        #expect(throws: ScopeStoreError.self) { try app.launch() }
    }

    @Test("no scope file yet: no scope")
    func missingScopeFile() throws {
        let store = FileScopeStore(url: TemporaryDirectory().url.appendingPathComponent("scope.json"))
        #expect(try store.loadScope() == nil)
    }
}

import PersistenceSession
import Testing

@Suite("SessionPolicy picks the driver by where the file lives")
struct SessionPolicyTests {
    @Test("queue where sidecars must not appear, pool for app-owned files, legacy while the rollout says so", arguments: [
        (SessionPolicy.Placement.documentProvider, SessionAccess.readWrite, DriverKind.queue),
        (.cloudFolder, .readWrite, .queue),
        (.cloudFolder, .readOnly, .queue),
        (.appContainer, .readWrite, .pool),
        (.sharedContainer, .readWrite, .pool),
        (.appContainer, .readOnly, .queue),
        (.memory, .readWrite, .queue),
    ])
    func readerWriterRollout(placement: SessionPolicy.Placement, access: SessionAccess, expected: DriverKind) {
        let policy = SessionPolicy()
        #expect(policy.driver(for: placement, access: access) == expected)
        #expect(!policy.decision(for: placement, access: access).reason.isEmpty)
        #expect(SessionPolicy(rollout: .legacy).driver(for: placement, access: access) == .legacy)
    }
}

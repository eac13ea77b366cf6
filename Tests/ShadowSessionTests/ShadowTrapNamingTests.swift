import Differential
import ShadowSessions
import Testing

@Suite("A shadow event names every trap its differences show")
struct ShadowTrapNamingTests {
    private let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    @Test("a UUID and a date stored in other forms give one event with both traps, root causes first, and the lookup that follows is named")
    func severalTraps() {
        let differences = [
            Mismatch(kind: .result, scenario: "u", field: "found", baseline: "true", candidate: "false"),
            Mismatch(kind: .rows, scenario: "u", field: "B[rowid 1].ID", baseline: "'\(uuid)' (text)",
                     candidate: "'\(uuid.lowercased())' (text)"),
            Mismatch(kind: .rows, scenario: "u", field: "B[rowid 1].CREATED", baseline: "'2026-12-01T10:20:30.456' (text)",
                     candidate: "'2026-12-01 10:20:30.456' (text)"),
        ]
        let (named, traps) = ShadowEvent.namingTraps(differences)
        #expect(traps == ["uuid-form", "date-format"])
        #expect(named.map(\.field) == ["B[rowid 1].ID", "B[rowid 1].CREATED", "found"], "root causes first")
        #expect(named.last?.trap == .uuidForm && named.last?.followsFrom == "uuid-form at B[rowid 1].ID (scenario u)")
    }

    @Test("differences no trap explains give no trap")
    func noTrap() {
        let (named, traps) = ShadowEvent.namingTraps([
            Mismatch(kind: .result, scenario: "u", field: "name", baseline: "\"a\"", candidate: "\"b\""),
        ])
        #expect(traps.isEmpty && named.allSatisfy { $0.trap == nil })
    }
}

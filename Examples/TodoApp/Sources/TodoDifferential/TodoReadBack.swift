import Differential
import TodoModel

/// What the read-back check reads after a scenario whose copies store something different: the copy the
/// reader/writer session left, read by the legacy session, must give what the reader/writer session reads
/// (DriverPort's `DifferentialHarness.readBack`).
/// A date or UUID the port writes in a form the legacy code cannot decode fails as "not readable by the legacy
/// driver": users who go back to the previous build must still read their lists.
public enum TodoReadBack {
    typealias Op = DifferentialOperation<TodoSession>

    /// Every list, the open counts, and every list's items (dates, UUIDs, booleans, optional notes).
    public static var operations: [DifferentialOperation<TodoSession>] {
        [
            Op("read back lists") { session in try session.read { try $0.lists.lists() } },
            Op("read back openItemCounts") { session in try session.read { try $0.lists.openItemCounts() } },
            Op("read back items(each list)") { session in
                try session.read { context in
                    try context.lists.lists().map { try context.items.items(inList: $0.id) }
                }
            },
        ]
    }
}

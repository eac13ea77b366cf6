import Differential
import Foundation
import PersistenceSession
import TodoModel
import TodoStore

/// The to-do app's differential: the legacy session (the reference) against the queue session and against the pool
/// session, every scenario on fresh copies of one file, through DriverPort's `DifferentialHarness`.
public enum TodoComparison {
    /// The reader/writer sessions the legacy session is compared with.
    public static let candidates: [DriverKind] = [.queue, .pool]

    /// How the harness opens and closes one driver's session on its copy.
    public static func side(_ driver: DriverKind) -> DifferentialSide<TodoSession> {
        DifferentialSide(
            name: driver.rawValue,
            open: { path in try TodoStore.open(at: path, driver: driver) },
            close: { session in try session.close() }
        )
    }

    /// The harness for legacy against `candidate`, comparing everything (rows, schema, `user_version`, journal
    /// mode, the files left beside the database), then reading the candidate's copy back through the legacy
    /// session (``TodoReadBack``).
    public static func harness(candidate: DriverKind, workDirectory: URL) -> DifferentialHarness<TodoSession> {
        DifferentialHarness(
            baseline: side(.legacy), candidate: side(candidate), workDirectory: workDirectory,
            readBack: TodoReadBack.operations
        )
    }

    /// The scenarios of one run: the hand-written ones, then `randomScenarios` generated ones of `operations`
    /// operations each, seeds `seed`, `seed + 1`, ...
    public static func scenarios(seed: UInt64, randomScenarios: Int, operations: Int) -> [Scenario<TodoSession>] {
        TodoScenarios.all
            + (0..<UInt64(max(0, randomScenarios))).map {
                TodoOperationGenerator.scenario(seed: seed &+ $0, count: operations)
            }
    }

    /// Runs every scenario through legacy vs queue and legacy vs pool on copies of `file` (never written).
    public static func run(
        on file: String, seed: UInt64 = 1, randomScenarios: Int = 4, operations: Int = 150,
        workDirectory: URL = FileManager.default.temporaryDirectory
    ) throws -> [SliceReport] {
        let all = scenarios(seed: seed, randomScenarios: randomScenarios, operations: operations)
        return try candidates.map { candidate in
            try harness(candidate: candidate, workDirectory: workDirectory).run(slice: "todo", scenarios: all, on: file)
        }
    }
}

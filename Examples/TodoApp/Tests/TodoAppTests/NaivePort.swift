import Differential
import TodoModel
import TodoReaderWriter

/// The queue session writing GRDB's default forms of dates and UUIDs: the port the differential must catch.
enum NaivePort {
    static var side: DifferentialSide<TodoSession> {
        DifferentialSide<TodoSession>(
            name: "queue (GRDB's default forms)",
            open: { path in try TodoReaderWriterSession.openQueue(at: path, forms: .grdbDefaults) },
            close: { session in try session.close() }
        )
    }
}

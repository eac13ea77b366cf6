import FileLifecycle
import Foundation

/// The real file system, except that chosen renames and removals fail (and change nothing), and every one that
/// was attempted is recorded.
final class FailingFileSystem: RelocationFileSystem, @unchecked Sendable {
    // @unchecked: `lock` guards `attempts`; `failWhen` is immutable.
    private let real = SystemFileSystem()
    private let lock = NSLock()
    private var attempts: [String] = []
    /// Decides, from the operation's description (`"move a -> b"`, `"remove a"`) and its 0-based index among all
    /// attempted operations, whether it fails.
    private let failWhen: @Sendable (_ operation: String, _ index: Int) -> Bool

    init(failWhen: @escaping @Sendable (_ operation: String, _ index: Int) -> Bool) {
        self.failWhen = failWhen
    }

    /// Fails every move whose source path ends with `suffix`.
    static func failingMoves(endingWith suffix: String) -> FailingFileSystem {
        FailingFileSystem { operation, _ in operation.hasPrefix("move ") && operation.components(separatedBy: " -> ")[0].hasSuffix(suffix) }
    }

    /// The operations attempted so far, in order.
    var attempted: [String] { lock.withLock { attempts } }

    func kind(atPath path: String) -> FileEntryKind { real.kind(atPath: path) }

    func identity(atPath path: String) -> FileIdentity? { real.identity(atPath: path) }

    func moveItem(atPath source: String, toPath destination: String) throws(FileOperationError) {
        let operation = "move \(source) -> \(destination)"
        if shouldFail(operation) {
            throw FileOperationError(operation: .move, path: source, destination: destination, reason: "injected failure")
        }
        try real.moveItem(atPath: source, toPath: destination)
    }

    func removeItem(atPath path: String) throws(FileOperationError) {
        let operation = "remove \(path)"
        if shouldFail(operation) {
            throw FileOperationError(operation: .remove, path: path, reason: "injected failure")
        }
        try real.removeItem(atPath: path)
    }

    private func shouldFail(_ operation: String) -> Bool {
        let index = lock.withLock {
            attempts.append(operation)
            return attempts.count - 1
        }
        return failWhen(operation, index)
    }
}

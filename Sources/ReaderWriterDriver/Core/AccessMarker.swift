#if canImport(Glibc)
import Glibc
#endif

/// Which databases the current thread is inside an access of, to refuse a reentrant access (a `write` inside a
/// `write` of the same database) with an error instead of a deadlock.
///
/// Access closures are synchronous and run on one thread, so a thread-specific chain is exact: every `Database`
/// handle links to the one that was active on its thread when it started. Task-locals would not do: a task created
/// inside an access inherits them without being inside it.
enum AccessMarker {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The innermost access running on this thread.
    static var current: Database? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Database>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Whether this thread is inside an access of the database with this identity.
    static func isInside(_ owner: ObjectIdentifier) -> Bool {
        var database = current
        while let candidate = database {
            if candidate.owner == owner { return true }
            database = candidate.enclosing
        }
        return false
    }

    /// Marks `database` as the innermost access of this thread; `database` remembers the previous one.
    static func push(_ database: Database) {
        database.enclosing = current
        pthread_setspecific(key, Unmanaged.passUnretained(database).toOpaque())
    }

    /// Ends the innermost access of this thread (which must be `database`).
    static func pop(_ database: Database) {
        let previous = database.enclosing
        database.enclosing = nil
        pthread_setspecific(key, previous.map { UnsafeRawPointer(Unmanaged.passUnretained($0).toOpaque()) })
    }
}

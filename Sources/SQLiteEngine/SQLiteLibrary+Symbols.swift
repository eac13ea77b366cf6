#if canImport(Glibc)
import Glibc
#endif

extension SQLiteLibrary {
    /// Looks up a C entry point of this library that ``SQLiteAPI`` does not carry, such as `sqlite3_busy_handler`.
    ///
    /// The system library is linked normally, so its symbols are found in the global scope. SQLCipher was loaded
    /// with `RTLD_LOCAL | RTLD_DEEPBIND`; its handle is found again with `RTLD_NOLOAD` (which never loads anything),
    /// so the symbol always comes from the library that opened the connection.
    ///
    /// - Returns: the function, cast to `type` (a `@convention(c)` function type), or `nil` when the library lacks it.
    public func symbol<T>(named name: String, as type: T.Type) -> T? {
        #if canImport(Glibc)
        let pointer: UnsafeMutableRawPointer?
        switch kind {
        case .system:
            pointer = dlsym(nil, name)  // RTLD_DEFAULT
        case .sqlcipher:
            var found: UnsafeMutableRawPointer?
            for candidate in Self.sqlcipherCandidates {
                guard let handle = dlopen(candidate, RTLD_NOW | RTLD_NOLOAD | RTLD_LOCAL | RTLD_DEEPBIND) else { continue }
                found = dlsym(handle, name)
                dlclose(handle)  // balances the RTLD_NOLOAD reference; the library stays loaded
                if found != nil { break }
            }
            pointer = found
        }
        guard let pointer else { return nil }
        return unsafeBitCast(pointer, to: T.self)
        #else
        return nil
        #endif
    }
}

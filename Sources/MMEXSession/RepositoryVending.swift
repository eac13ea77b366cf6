/// What the drivers' contexts share when they vend a repository by key.
package enum RepositoryVending {
    /// The repository a driver's key conformance made (`made`, `nil` when the key has no conformance to the driver's
    /// key protocol), as the type the context promises for `key`.
    ///
    /// A key the driver does not vend stops the program, naming the key and the driver: it cannot happen for a
    /// repository of a registered slice (its `MMEXRepository` requires both drivers' conformances to compile), so it
    /// is a repository used before its slice was defined, never a consequence of the data.
    package static func vended<Repository>(_ made: Any?, key: Any.Type, driver: String) -> Repository {
        guard let repository = made as? Repository else {
            preconditionFailure(
                "the \(driver) driver vends no \(key): conform it to the driver's key protocol in its repository's "
                    + "file (MIGRATION.md, \"How to add a slice\")"
            )
        }
        return repository
    }
}

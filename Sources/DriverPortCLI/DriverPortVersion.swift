/// The toolkit's version, as `driverport --version` prints it: the one place it is written.
public enum DriverPortVersion {
    /// Semantic version of this checkout's DriverPort.
    public static let current = "0.9.0"
}

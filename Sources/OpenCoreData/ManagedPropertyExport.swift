@_exported import ManagedProperty

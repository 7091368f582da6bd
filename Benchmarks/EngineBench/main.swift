// Placeholder: the engine benchmark is being written.
print("engine-bench")

print("plume")

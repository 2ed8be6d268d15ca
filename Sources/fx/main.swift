print("fx")

"""placeholder"""
SearchBot = None

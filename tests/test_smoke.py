import bluffkit


def test_version_is_a_string():
    assert isinstance(bluffkit.__version__, str)
    assert bluffkit.__version__
